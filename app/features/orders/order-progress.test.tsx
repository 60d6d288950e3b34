import { describe, expect, it } from "vitest";
import { orderProgressSchema } from "../../../contract/orders";
import { visibleText } from "./order-fixtures";
import { OrderProgressText } from "./order-progress";

const progress = (delivered: number, total: number, cancelled = 0) =>
  orderProgressSchema.parse({ total, delivered, completed: 0, cancelled });
const say = (value: ReturnType<typeof progress>, locale: "en" | "es") =>
  visibleText(<OrderProgressText progress={value} />, locale);

describe("an order's progress in words", () => {
  it("counts the delivered services out of all of them", () => {
    expect(say(progress(2, 4), "en")).toBe("2 of 4 delivered");
    expect(say(progress(2, 4), "es")).toBe("2 de 4 entregados");
    expect(say(progress(0, 1), "en")).toBe("0 of 1 delivered");
  });

  it("leaves cancelled services out of the count and says how many there are", () => {
    expect(say(progress(2, 4, 1), "en")).toBe("2 of 3 delivered · 1 cancelled");
    expect(say(progress(1, 4, 2), "es")).toBe("1 de 2 entregados · 2 cancelados");
    expect(say(progress(0, 2, 2), "en")).toBe("2 cancelled");
    expect(say(progress(0, 1, 1), "es")).toBe("1 cancelado");
  });
});
