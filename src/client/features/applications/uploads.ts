/**
 * Uploading files, for other features (the partner's listing photo): a public entry of its own, so the
 * registration form's code stays out of their chunks.
 */
export { uploadFiles, useUploadFiles } from './api/upload-files';
export { useUploadToasts } from './components/upload-toasts';
export { isImageFile } from './lib/registration-form';
