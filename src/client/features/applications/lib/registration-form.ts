import {
  type ApplicationBody,
  DEFAULT_OPERATING_HOURS,
  type PriceCatalogItemInput,
} from '@shared/contract/applications';
import { isApiError } from '@/lib/api-client';

/** The professional registration form's values before validation (the application body's input). */
export type RegistrationValues = ApplicationBody & {
  priceCatalog: PriceCatalogItemInput[];
  documents: string[];
  operatingDays: string[];
};

export type PricingMode = 'manual' | 'upload';

export const EMPTY_PRICE_ROW: PriceCatalogItemInput = {
  serviceName: '',
  price: '',
  description: '',
  duration: '',
};

/** docs/product.md §14: province Ontario, hours 9 to 5, one empty service row, manual pricing. */
export function registrationDefaults(): RegistrationValues {
  return {
    fullName: '',
    email: '',
    phone: '',
    password: '',
    confirmPassword: '',
    businessName: '',
    businessNumber: '',
    googleBusinessUrl: '',
    city: '',
    province: 'on',
    servicesDescription: '',
    operatingDays: [],
    operatingHours: DEFAULT_OPERATING_HOURS,
    documents: [],
    priceCatalog: [{ ...EMPTY_PRICE_ROW }],
    hasPriceList: false,
    priceListFile: '',
    priceListUrl: '',
    agreedToTerms: false,
    profileImage: null,
    serviceCategory: 'General Services',
    applicantType: 'business',
  };
}

/** Rows that count: both a trimmed name and a trimmed price. */
export function validPriceRows(rows: readonly PriceCatalogItemInput[] | undefined): number {
  return (rows ?? []).filter(
    (row) => (row.serviceName ?? '').trim() !== '' && (row.price ?? '').trim() !== '',
  ).length;
}

/** The texts of the pricing toast, in English unless the screen gives its language's. */
export const PRICING_PROBLEM_TEXT = {
  title: 'Missing Price Information',
  noPriceList: 'Upload a price list or add prices manually.',
  noPricedService: 'Add at least one service with pricing.',
};

/** The pricing toast to show on submit, or null when the chosen mode has what it needs. */
export function pricingProblem(
  mode: PricingMode,
  values: Pick<RegistrationValues, 'priceCatalog' | 'priceListFile'>,
  text = PRICING_PROBLEM_TEXT,
): { title: string; description: string } | null {
  if (mode === 'upload') {
    return values.priceListFile ? null : { title: text.title, description: text.noPriceList };
  }
  return validPriceRows(values.priceCatalog) > 0
    ? null
    : { title: text.title, description: text.noPricedService };
}

/** Files within the size limit, and the names of those over it (skipped with a toast each). */
export function splitBySize<T extends { name: string; size: number }>(
  files: readonly T[],
  maxBytes: number,
): { accepted: T[]; tooLarge: T[] } {
  const accepted: T[] = [];
  const tooLarge: T[] = [];
  for (const file of files) (file.size > maxBytes ? tooLarge : accepted).push(file);
  return { accepted, tooLarge };
}

const PRICE_LIST_EXTENSIONS = new Set(['pdf', 'xls', 'xlsx', 'jpeg', 'jpg', 'png']);
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'jpg', 'jpeg', 'png', 'doc', 'docx']);

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function isPriceListFile(file: { name: string }): boolean {
  return PRICE_LIST_EXTENSIONS.has(extensionOf(file.name));
}

export function isDocumentFile(file: { name: string }): boolean {
  return DOCUMENT_EXTENSIONS.has(extensionOf(file.name));
}

export function isImageFile(file: { type: string }): boolean {
  return file.type.startsWith('image/');
}

/** The submit failures' own texts, in English unless the screen gives its language's. */
export const SUBMIT_ERROR_TEXT = {
  emailTaken: 'This email is already registered. Please use a different email.',
  failed: 'Failed to submit application',
  network: 'Network error - please check your connection and try again.',
  unknown: 'Error submitting application. Try again.',
};

/** docs/product.md §14: the submit failure's description (the server's, in the request's language, first). */
export function submitErrorMessage(error: unknown, text = SUBMIT_ERROR_TEXT): string {
  // The server words the failure in the page's language, the address already taken included.
  if (isApiError(error))
    return error.serverMessage ?? (error.code === 'applications.email_taken' ? text.emailTaken : text.failed);
  if (error instanceof Error && error.message.includes('already registered')) return text.emailTaken;
  if (error instanceof TypeError) return text.network;
  return text.unknown;
}
