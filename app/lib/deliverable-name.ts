import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { Deliverable } from "../../contract/order-lifecycle";
import { useProductName } from "~/lib/product-name";

/**
 * A deliverable's name by its n: the service's catalog name, numbered ("Article Forge #2") only when the order holds
 * that service more than once; a number the order does not hold is shown as the number.
 */
export function useDeliverableName(
  deliverables: readonly Pick<Deliverable, "n" | "productId">[],
): (n: number) => string {
  const { t } = useTranslation("orders");
  const productName = useProductName();
  return useCallback(
    (n: number) => {
      const deliverable = deliverables.find((candidate) => candidate.n === n);
      if (!deliverable) return String(n);
      const service = productName(deliverable.productId);
      const twins = deliverables.filter((candidate) => candidate.productId === deliverable.productId).length;
      return twins > 1 ? t("deliverables.numbered", { service, n }) : service;
    },
    [deliverables, productName, t],
  );
}
