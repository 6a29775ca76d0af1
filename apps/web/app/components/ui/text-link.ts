/** The class of a link inside text and tables: one look for every feature. */
export const TEXT_LINK =
  'font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-500';
