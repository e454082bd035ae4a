import { describe, expect, it } from "vitest";
import { AdminApiError } from "../api.ts";
import { consoleMessages } from "../messages.ts";
import { checkFailure, failureText, saveFailure } from "./failure.ts";

const apiError = new AdminApiError(400, "cw_rest_invalid_param", "Check the highlighted fields.", {
  code: "Enter a code.",
  "methods.0.cost": "Enter an amount.",
});

describe("failureText", () => {
  it("says the API's message", () => {
    expect(failureText(apiError)).toBe("Check the highlighted fields.");
  });

  it("says the network message for a call that got no answer", () => {
    expect(failureText(new TypeError("Failed to fetch"))).toBe(consoleMessages.networkError);
  });

  it("says what `otherwise` makes of anything that is not the API's", () => {
    expect(failureText(new TypeError("Failed to fetch"), String)).toBe("TypeError: Failed to fetch");
    expect(failureText(apiError, String)).toBe("Check the highlighted fields.");
  });
});

describe("saveFailure", () => {
  it("gives the API's message and its field messages by path", () => {
    expect(saveFailure(apiError)).toEqual({
      message: "Check the highlighted fields.",
      fields: { code: "Enter a code.", "methods.0.cost": "Enter an amount." },
    });
  });

  it("re-keys the field messages where the form's paths differ", () => {
    const fields = saveFailure(apiError, (all) => Object.fromEntries(Object.entries(all).map(([path, text]) => [`zone.${path}`, text])));
    expect(fields.fields).toEqual({ "zone.code": "Enter a code.", "zone.methods.0.cost": "Enter an amount." });
  });

  it("gives the network message and no field messages, so the fields keep theirs", () => {
    expect(saveFailure(new TypeError("Failed to fetch"))).toEqual({ message: consoleMessages.networkError });
  });
});

describe("checkFailure", () => {
  it("puts each message beside its field and the first above the form", () => {
    expect(checkFailure({ cost: "Enter an amount like 4.50.", title: "Enter a title." })).toEqual({
      message: "Enter an amount like 4.50.",
      fields: { cost: "Enter an amount like 4.50.", title: "Enter a title." },
    });
  });

  it("has an empty summary when there is no message", () => {
    expect(checkFailure({})).toEqual({ message: "", fields: {} });
  });
});
