import { randomBytes } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { UploadKind } from '../../../shared/contract/applications';

/** What a file really is, read from its first bytes; the name and the declared type are never trusted. */
export type DetectedType = { ext: string; mime: string };

const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

const ALLOWED: Record<UploadKind, Record<string, DetectedType>> = {
  document: {
    pdf: { ext: 'pdf', mime: 'application/pdf' },
    jpg: { ext: 'jpg', mime: 'image/jpeg' },
    png: { ext: 'png', mime: 'image/png' },
    cfb: { ext: 'doc', mime: 'application/msword' },
    docx: {
      ext: 'docx',
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    },
  },
  profile_image: {
    jpg: { ext: 'jpg', mime: 'image/jpeg' },
    png: { ext: 'png', mime: 'image/png' },
    webp: { ext: 'webp', mime: 'image/webp' },
    gif: { ext: 'gif', mime: 'image/gif' },
  },
  price_list: {
    pdf: { ext: 'pdf', mime: 'application/pdf' },
    jpg: { ext: 'jpg', mime: 'image/jpeg' },
    png: { ext: 'png', mime: 'image/png' },
    cfb: { ext: 'xls', mime: 'application/vnd.ms-excel' },
    xlsx: { ext: 'xlsx', mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  },
};

/** The type of `content` when it is one this kind of upload accepts, else null. */
export async function detectAllowedType(kind: UploadKind, content: Buffer): Promise<DetectedType | null> {
  if (content.length === 0) return null;
  const found = await fileTypeFromBuffer(content);
  let key = found?.ext as string | undefined;
  // Old Office files (doc, xls) are OLE compound files; file-type names them cfb, or misses short ones.
  if (!key && content.subarray(0, 8).equals(OLE)) key = 'cfb';
  if (!key) return null;
  return ALLOWED[kind][key] ?? null;
}

/** A safe base name from a client's file name: no folders, no leading dots, ASCII letters, digits, . _ - only. */
export function sanitiseOriginalName(original: string, ext: string): string {
  const last = original.split(/[\\/]/).pop() ?? '';
  const stem = last
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/\.{2,}/g, '.')
    .replace(/^[^A-Za-z0-9]+|[^A-Za-z0-9]+$/g, '')
    .slice(0, 80);
  // The extension always tells the truth about the content.
  return `${stem || 'file'}.${ext}`;
}

/** `<32 hex characters>-<sanitised name>`: unguessable, unique, and the display strips the prefix. */
export function storedName(original: string, ext: string): string {
  return `${randomBytes(16).toString('hex')}-${sanitiseOriginalName(original, ext)}`;
}

/** A `data:image/...;base64,` URL's bytes, or null when it is not one. */
export function decodeImageDataUrl(value: string): Buffer | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(value);
  if (!match) return null;
  return Buffer.from(match[1]!.replace(/\s/g, ''), 'base64');
}
