import type { PdfPageSpec } from './make-pdf';

/**
 * A made-up three-page filing excerpt with a segment table, for tests of every question type:
 * figures in millions, a cause stated in text, a yes/no disclosure, and a balance sheet.
 */
export function filingPages(): PdfPageSpec[] {
  return [
    {
      paragraphs: [
        'Results of operations',
        'Net sales by segment were as follows (in millions):',
        {
          table: [
            ['', '2022', '2021'],
            ['Instruments', '$ 14,210', '$ 12,980'],
            ['Services', '6,102', '6,530'],
            ['Software', '3,289', '2,410'],
            ['Total net revenue', '$ 23,601', '$ 21,920'],
            ['Operating income', '4,012', '3,507'],
          ],
        },
        'Total net revenue increased 7.7 percent in fiscal 2022. The increase in net revenue was primarily due to higher demand for laboratory instruments and the acquisition of Corvane Software, partially offset by lower service volumes in Europe.',
      ],
    },
    {
      paragraphs: [
        'Customers and markets',
        'No single customer accounted for more than 10 percent of net revenue in fiscal 2022 or fiscal 2021. Our products are sold through direct sales teams and distributors.',
        'The major product lines are mass spectrometers, chromatography columns and laboratory software.',
      ],
    },
    {
      paragraphs: [
        'Liquidity',
        'Selected balance sheet data (in millions):',
        {
          table: [
            ['', '2022', '2021'],
            ['Cash and equivalents', '2,950', '2,410'],
            ['Inventories', '1,840', '1,620'],
            ['Total current assets', '8,120', '7,010'],
            ['Total current liabilities', '4,060', '3,980'],
          ],
        },
        'The company repaid its revolving credit facility in full during fiscal 2022.',
      ],
    },
  ];
}
