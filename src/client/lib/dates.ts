/** The client's dates come from the one formatter the server's e-mails use too (docs/product.md §1). */
export { formatDate, formatShortDate } from '@shared/domain/dates';
