import { apiDownload } from "./client";

/** Saves `blob` as a download named `fileName` (a file made in the browser, or one the API sent). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free the memory a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file from the API with the customer's token and saves it under the name the server gave it. */
export async function saveApiFile(path: string): Promise<void> {
  const file = await apiDownload(path);
  saveBlob(file.blob, file.fileName);
}
