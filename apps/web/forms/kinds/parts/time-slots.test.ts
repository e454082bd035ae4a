import { describe, expect, it } from "vitest";
import { matchingSlot, slotLabels, timeSlots } from "./time-slots.ts";

describe("the time listbox", () => {
  it("lists every 15 minutes from min to max", () => {
    const labels = slotLabels({ format: "12h", minTime: "09:00", maxTime: "17:00" });
    expect(labels[0]).toBe("9:00 AM");
    expect(labels[1]).toBe("9:15 AM");
    expect(labels.at(-1)).toBe("5:00 PM");
    expect(labels).toHaveLength(33);
  });

  it("wraps around midnight when max is earlier than min, as the rule does", () => {
    const labels = slotLabels({ format: "24h", minTime: "22:00", maxTime: "01:00" });
    expect(labels).toEqual([
      "22:00",
      "22:15",
      "22:30",
      "22:45",
      "23:00",
      "23:15",
      "23:30",
      "23:45",
      "00:00",
      "00:15",
      "00:30",
      "00:45",
      "01:00",
    ]);
  });

  it("lists the whole day without bounds", () => {
    expect(timeSlots({})).toHaveLength(96);
    expect(slotLabels({ format: "24h" })[95]).toBe("23:45");
  });

  it("finds the choice for what is typed", () => {
    const labels = slotLabels({ format: "12h", minTime: "09:00", maxTime: "17:00" });
    expect(matchingSlot(labels, "2:30 pm", "12h")).toBe(labels.indexOf("2:30 PM"));
    expect(matchingSlot(labels, "10", "12h")).toBe(labels.indexOf("10:00 AM"));
    expect(matchingSlot(labels, "", "12h")).toBe(-1);
    expect(matchingSlot(labels, "zz", "12h")).toBe(-1);
  });
});
