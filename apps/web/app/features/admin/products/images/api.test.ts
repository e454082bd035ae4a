/** The Images card's pure parts (decision 0045): moving an image, and the gallery as the form holds and sends it. */
import { describe, expect, it } from "vitest";
import { galleryInput, galleryOf, moveItem } from "./api.ts";

describe("the gallery in the product form", () => {
  it("moves one image, the others keeping their order", () => {
    expect(moveItem(["a", "b", "c", "d"], 3, 0)).toEqual(["d", "a", "b", "c"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
    expect(moveItem(["a", "b", "c"], 1, 2)).toEqual(["a", "c", "b"]);
  });

  it("keeps what it shows of a saved image, and sends only ids and alt texts", () => {
    const saved = [
      { id: 4, src: "/media/4/a-1200w-0123456789", thumbnail: "/media/4/a-300w-0123456789", alt: "Front", width: 1600, height: 900 },
    ];
    const held = galleryOf([...saved, { id: 9 }]);
    expect(held).toEqual([
      { id: 4, alt: "Front", thumbnail: "/media/4/a-300w-0123456789", width: 1600, height: 900 },
      { id: 9, alt: "" },
    ]);
    expect(galleryInput(held)).toEqual([
      { id: 4, alt: "Front" },
      { id: 9, alt: "" },
    ]);
  });
});
