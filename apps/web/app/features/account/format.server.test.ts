import { describe, expect, it } from "vitest";
import { addressFieldLines, fieldValues } from "./format.server.ts";

const fields = [
  { id: "cw-demo/gift-message", label: "Gift message" },
  { id: "cw-demo/delivery-window", label: "Delivery window", options: [{ value: "evening", label: "Evening" }] },
  { id: "cw-demo/leave-at-door", label: "Leave at the door" },
];

describe("fieldValues", () => {
  it("names each filled field by its label and option text, leaving out empty and unticked ones", () => {
    expect(
      fieldValues(
        {
          "cw-demo/gift-message": "Happy birthday!",
          "cw-demo/delivery-window": "evening",
          "cw-demo/leave-at-door": true,
          "cw-demo/empty": "",
          "cw-demo/unticked": false,
          first_name: "Ada",
        },
        fields,
      ),
    ).toEqual([
      { label: "Gift message", value: "Happy birthday!" },
      { label: "Delivery window", value: "Evening" },
      { label: "Leave at the door", value: "Yes" },
    ]);
  });

  it("shows the id of a field the shop no longer has", () => {
    expect(fieldValues({ "old-plugin/code": "42" }, fields)).toEqual([{ label: "old-plugin/code", value: "42" }]);
  });

  it("gives address fields as 'Label: value' lines", () => {
    expect(addressFieldLines({ city: "Berlin", "cw-demo/gift-message": "Hi" }, fields)).toEqual(["Gift message: Hi"]);
  });
});
