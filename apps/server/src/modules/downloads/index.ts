/** Downloadable products (decision 0094): files, permissions granted by paid orders, download links. */

export { downloadsAdminRoutes } from "./downloads.admin.routes.ts";
export { DOWNLOAD_LIMITS, deleteStaleUploads } from "./downloads.admin.ts";
export { DOWNLOAD_REFUSALS, downloadRoutes } from "./downloads.routes.ts";
export { customerDownloads, downloadPath, orderDownloads, type ShopperDownload, takeDownload } from "./downloads.service.ts";
export {
  allLinesDownloadOnly,
  type DownloadLineFacts,
  downloadLinesOf$,
  downloadOnlyLines,
  downloadsGranted$,
  grantOrderDownloads,
  revokeOrderDownloads,
  revokeRefundedLines,
} from "./grants.ts";
export { accessExpires, attachmentHeader, downloadsGranted, refusalOf, servedType, shortenedAddress } from "./rules.ts";
