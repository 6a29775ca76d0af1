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

/**
 * A made-up filing's statements with the line names filings print: net sales, cost of sales, purchases of property,
 * plant and equipment in parentheses (an outflow), two period columns, figures in millions.
 */
export function statementPages(): PdfPageSpec[] {
  return [
    {
      paragraphs: [
        'Consolidated Statement of Income',
        'Years ended December 31 (in millions)',
        {
          table: [
            ['', '2023', '2022'],
            ['Net sales', '$ 12,480', '$ 11,960'],
            ['Cost of sales', '7,140', '6,930'],
            ['Gross profit', '5,340', '5,030'],
            ['Operating income', '1,870', '1,640'],
            ['Interest expense', '(210)', '(190)'],
            ['Income before income taxes', '1,660', '1,450'],
            ['Provision for income taxes', '349', '319'],
            ['Net income', '$ 1,311', '$ 1,131'],
          ],
        },
      ],
    },
    {
      paragraphs: [
        'Consolidated Balance Sheet',
        'December 31 (in millions)',
        {
          table: [
            ['', '2023', '2022'],
            ['Inventories', '1,520', '1,480'],
            ['Total current assets', '5,210', '4,870'],
            ['Total assets', '15,900', '15,300'],
            ['Total current liabilities', '3,140', '3,020'],
          ],
        },
      ],
    },
    {
      paragraphs: [
        'Consolidated Statement of Cash Flows',
        'Years ended December 31 (in millions)',
        {
          table: [
            ['', '2023', '2022'],
            ['Depreciation and amortization', '640', '610'],
            ['Net cash provided by operating activities', '2,210', '1,980'],
            ['Purchases of property, plant and equipment (PP&E)', '(1,577)', '(1,373)'],
          ],
        },
      ],
    },
  ];
}
