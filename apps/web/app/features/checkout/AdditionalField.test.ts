import { describe, expect, it } from "vitest";
import type { CheckoutFieldDefinition } from "../../context.ts";
import { additionalFieldId, checkAdditionalField } from "./AdditionalField.tsx";

const text = (location: CheckoutFieldDefinition["location"], required = true): CheckoutFieldDefinition => ({
  id: "cw-demo/gate-code",
  label: "Gate code",
  location,
  type: "text",
  required,
});

describe("additionalFieldId", () => {
  it("is the location and id, or for an address field the address kind and id (spec §5 field ids)", () => {
    expect(additionalFieldId(text("contact"))).toBe("contact_cw-demo/gate-code");
    expect(additionalFieldId(text("order"))).toBe("order_cw-demo/gate-code");
    expect(additionalFieldId(text("address"), "billing")).toBe("billing_cw-demo/gate-code");
    expect(additionalFieldId(text("address"), "shipping")).toBe("shipping_cw-demo/gate-code");
  });
});

describe("checkAdditionalField", () => {
  it("lower-cases the label in its message except in German locales", () => {
    expect(checkAdditionalField(text("address"), "  ")).toBe("Please enter a valid gate code");
    expect(checkAdditionalField(text("address"), "", "fr_FR")).toBe("Please enter a valid gate code");
    expect(checkAdditionalField(text("address"), "", "de_DE")).toBe("Please enter a valid Gate code");
    expect(checkAdditionalField(text("address"), "", "de")).toBe("Please enter a valid Gate code");
  });

  it("accepts an empty optional field and any filled one", () => {
    expect(checkAdditionalField(text("address", false), "")).toBeNull();
    expect(checkAdditionalField(text("address"), "4711")).toBeNull();
  });

  it("asks for a box to be checked and for a listed option", () => {
    expect(checkAdditionalField({ ...text("order"), type: "checkbox" }, false)).toBe("Please check this box if you want to proceed.");
    const select = { ...text("order"), type: "select" as const, options: [{ value: "a", label: "A" }] };
    expect(checkAdditionalField(select, "b")).toBe("Please select a valid option");
    expect(checkAdditionalField(select, "a")).toBeNull();
  });
});
