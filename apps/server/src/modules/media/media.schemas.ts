/** The owner API's images as its replies carry them, documented only (decision 0173): OwnerImage and OwnerMedia. */
import type { OwnerImage, OwnerMedia } from "@cartwright/commerce/admin";
import { type TSchema, Type } from "typebox";
import { MAX_ID } from "../../db/ids.ts";
import { nullable } from "../../http/openapi.ts";

const Id = Type.Integer({ minimum: 1, maximum: MAX_ID });

const ownerImageFields = {
  id: Id,
  src: Type.String({ description: "The largest file" }),
  thumbnail: Type.String({ description: "The smallest file" }),
  alt: Type.String(),
  width: nullable(Type.Integer()),
  height: nullable(Type.Integer()),
} satisfies Record<keyof OwnerImage, TSchema>;

/** An image as a product shows it to the owner. */
export const OwnerImageSchema = Type.Object(ownerImageFields);

/** An image of the media library, with the products that show it. */
export const OwnerMediaSchema = Type.Object({
  ...ownerImageFields,
  filename: Type.String(),
  content_type: Type.String(),
  srcset: Type.String({ description: "Its resized files with their widths, for an img's srcset" }),
  size: Type.Integer({ description: "Bytes of the stored image" }),
  created_at: Type.String(),
  used_by: Type.Array(Type.Object({ id: Id, name: Type.String() }), { description: "The products (a variation's parent) showing it" }),
} satisfies Record<keyof OwnerMedia, TSchema>);
