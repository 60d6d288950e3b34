import { apiDownload } from "./client";

/** Fetches a file from the API with the customer's token and saves it under the name the server gave it. */
export async function saveApiFile(path: string): Promise<void> {
  const file = await apiDownload(path);
  const url = URL.createObjectURL(file.blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; free the memory a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
