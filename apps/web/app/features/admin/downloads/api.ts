/** The owner API's downloads calls (decision 0094) through the console's client. */
import type { DownloadFile, GrantableDownload, OrderDownload, ProductDownloads } from "@cartwright/commerce/admin";
import { adminClient } from "../api.ts";

export type { DownloadFile, GrantableDownload, OrderDownload, ProductDownloads };

export interface DownloadSettings {
  downloadable?: boolean;
  download_limit?: number | null;
  download_expiry_days?: number | null;
  file_order?: number[];
  /** The settings' version as read (decision 0158); a reorder sends none, as it names every file. */
  version?: string;
}

export const downloadsApi = {
  read: (productId: number) => adminClient().admin<ProductDownloads>(`/products/${productId}/downloads`),
  save: (productId: number, body: DownloadSettings) =>
    adminClient().admin<ProductDownloads>(`/products/${productId}/downloads`, { method: "PUT", body }),
  upload: (productId: number, file: File, name = "") => {
    const form = new FormData();
    form.append("name", name);
    form.append("file", file);
    return adminClient().admin<DownloadFile>(`/products/${productId}/downloads/files`, { method: "POST", body: form });
  },
  /** Sent with the file's version as read: a file renamed by someone else meanwhile is refused (409). */
  rename: (productId: number, file: Pick<DownloadFile, "id" | "version">, name: string) =>
    adminClient().admin<ProductDownloads>(`/products/${productId}/downloads/files/${file.id}`, {
      method: "PATCH",
      body: { name, version: file.version },
    }),
  remove: (productId: number, fileId: number) =>
    adminClient().admin<void>(`/products/${productId}/downloads/files/${fileId}`, { method: "DELETE" }),
  ofOrder: (orderId: number) => adminClient().admin<OrderDownload[]>(`/orders/${orderId}/downloads`),
  grantable: (orderId: number) => adminClient().admin<GrantableDownload[]>(`/orders/${orderId}/downloads/grantable`),
  grant: (orderId: number, productId: number) =>
    adminClient().admin<{ added: number; downloads: OrderDownload[] }>(`/orders/${orderId}/downloads`, {
      method: "POST",
      body: { product_id: productId },
    }),
  revoke: (orderId: number, permissionId: number) =>
    adminClient().admin<void>(`/orders/${orderId}/downloads/${permissionId}`, { method: "DELETE" }),
};

/** A whole number of at least 1 from a field, null when blank, undefined when it is neither (the field is wrong). */
export function limitOf(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  return /^[1-9]\d{0,8}$/.test(trimmed) ? Number(trimmed) : undefined;
}

/** A file's size for people: "820 B", "12.5 KB", "3.1 MB". */
export function sizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
