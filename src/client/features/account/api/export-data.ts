import { useMutation } from '@tanstack/react-query';
import { apiBlob } from '@/lib/api-client';

/** GET /api/user/export: everything Trillium holds about the signed-in person, as a JSON file. */
export function exportMyData(): Promise<Blob> {
  return apiBlob('/api/user/export');
}

/** Downloads the export as `trillium-my-data-YYYY-MM-DD.json` (limited by the server to 5 an hour). */
export function useExportMyData() {
  return useMutation({
    mutationFn: async () => {
      const blob = await exportMyData();
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `trillium-my-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}
