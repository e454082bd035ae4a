/** The owner API's downloads (decision 0094): a product's files and settings, an order's granted downloads. */

export interface DownloadFile {
  id: number;
  name: string;
  file_name: string;
  content_type: string;
  size: number;
  position: number;
  /** Its name's fingerprint (decision 0158): a rename sending an older one is refused. */
  version: string;
}

/** A product's download settings and files. */
export interface ProductDownloads {
  product_id: number;
  downloadable: boolean;
  /** null: unlimited. */
  download_limit: number | null;
  /** null: never expires. */
  download_expiry_days: number | null;
  files: DownloadFile[];
  /** The fingerprint of the switch, limit and expiry (decision 0158): a save sending an older one is refused. */
  version: string;
}

/** An order's download as the owner sees it. */
export interface OrderDownload {
  id: number;
  product_id: number;
  product_name: string;
  file_id: number;
  file_name: string;
  email: string;
  customer_id: number | null;
  downloads_remaining: number | null;
  access_expires: string | null;
  download_count: number;
  granted_at: string;
  last_download: string | null;
  download_url: string;
}

/** A downloadable product (or variation) with files the owner may grant on an order (decision 0100): a line's or any other. */
export interface GrantableDownload {
  product_id: number;
  name: string;
  sku: string;
  /** How many files it has. */
  files: number;
  /** Whether it is one of the order's lines (its grant belongs to the line; otherwise to the order). */
  on_order: boolean;
}
