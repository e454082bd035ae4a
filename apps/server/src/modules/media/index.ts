/** The shop's images (decision 0045): uploads, resized files, serving, and the Store API image shape. */
export { carriesActiveText, MEDIA_LIMITS, MEDIA_MESSAGES } from "./checks.ts";
export { mediaAdminRoutes } from "./media.admin.routes.ts";
export { mediaRoutes } from "./media.routes.ts";
// The owner's image as replies carry it, for the products' documented replies.
export { OwnerImageSchema } from "./media.schemas.ts";
export { MAX_ALT_LENGTH, type MediaList, mediaHash, missingMedia, type OwnerMedia, productImages, setAltTexts } from "./media.service.ts";
export { type MediaFacts, mediaLink, storeImage, VARIANT_WIDTHS, variantWidths } from "./sizes.ts";
