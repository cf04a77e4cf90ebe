import { displayFilename } from '@shared/contract/applications';
import { FileTextIcon, XIcon } from 'lucide-react';
import { useT } from '@/lib/i18n/i18n';

/** Uploaded files by their names without the random prefix, each removable. */
export function UploadedFileList({
  filenames,
  onRemove,
  label,
}: {
  filenames: readonly string[];
  onRemove: (filename: string) => void;
  label: string;
}) {
  const t = useT('applications');
  if (filenames.length === 0) return null;
  return (
    <ul aria-label={label} className="grid gap-2">
      {filenames.map((filename) => {
        const name = displayFilename(filename);
        return (
          <li
            key={filename}
            className="flex min-h-11 items-center gap-3 rounded-lg border border-line bg-canvas py-1 pr-1 pl-3 text-sm"
          >
            <FileTextIcon className="size-4 shrink-0 text-primary-700" aria-hidden="true" />
            <span className="min-w-0 flex-1 truncate">{name}</span>
            <button
              type="button"
              onClick={() => onRemove(filename)}
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-muted hover:bg-danger-soft hover:text-danger focus-visible:outline-3 focus-visible:outline-accent-400"
            >
              <XIcon className="size-4" aria-hidden="true" />
              <span className="sr-only">{t('removeFile', { name })}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
