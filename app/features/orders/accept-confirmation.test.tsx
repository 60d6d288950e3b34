import { describe, expect, it } from "vitest";
import { AcceptConfirmation } from "./accept-confirmation";
import { markup, visibleText } from "./order-fixtures";

const confirmation = (roundsLeft: number, others: boolean) => (
  <AcceptConfirmation
    service="Article Forge"
    roundsLeft={roundsLeft}
    others={others}
    busy={false}
    onConfirm={() => {}}
    onKeep={() => {}}
  />
);

describe("the confirmation before accepting a deliverable", () => {
  it("says what accepting ends: the revision rounds left for this piece and its review window", () => {
    expect(visibleText(confirmation(2, true), "en")).toBe(
      "Accept Article Forge? Accepting completes it for good: you give up its 2 remaining revision rounds, and its review window closes. The other services of this order go on as they are. Yes, accept it Not yet",
    );
    expect(visibleText(confirmation(1, false), "en")).toBe(
      "Accept Article Forge? Accepting completes it for good: you give up its 1 remaining revision round, and its review window closes. Yes, accept it Not yet",
    );
    expect(visibleText(confirmation(0, false), "en")).toBe(
      "Accept Article Forge? Accepting completes it for good, and its review window closes. Yes, accept it Not yet",
    );
  });

  it("says it in Spanish", () => {
    expect(visibleText(confirmation(2, true), "es")).toBe(
      "¿Aceptar Article Forge? Al aceptarlo queda completado para siempre: renuncias a las 2 rondas de revisión que le quedan y se cierra su plazo de revisión. Los demás servicios de este pedido siguen como están. Sí, aceptarlo Todavía no",
    );
    expect(visibleText(confirmation(1, false), "es")).toContain("renuncias a la 1 ronda de revisión que le queda");
  });

  it("is an alert dialog named by its question and described by what accepting ends", () => {
    const html = markup(confirmation(2, false), "en");
    const [, title] = /aria-labelledby="([^"]+)"/.exec(html) ?? [];
    const [, text] = /aria-describedby="([^"]+)"/.exec(html) ?? [];
    expect(html).toContain('role="alertdialog"');
    expect(html).toMatch(new RegExp(`id="${title}"[^>]*>Accept Article Forge\\?</p>`));
    expect(html).toMatch(new RegExp(`id="${text}"[^>]*>Accepting completes it for good`));
  });
});
