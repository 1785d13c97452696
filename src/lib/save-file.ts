/** Saves a file the API made (an invoice, an export) under `name`, as a link with `download` would. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by then; the address can go.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
