export const SITE_NAME = 'StockGurus';

export const CONTACT_EMAIL = 'contact@stockgurus.com';
