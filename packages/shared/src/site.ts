/** The site's name, used in titles and structured data. */
export const SITE_NAME = 'StockGurus';

/** Where visitors write to us (footer contact link). */
export const CONTACT_EMAIL = 'contact@stockgurus.com';
