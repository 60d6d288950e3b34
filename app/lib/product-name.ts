import { useCallback } from "react";
import { useTranslation } from "react-i18next";

/**
 * A service's or bundle's name in the page's language: the storefront's `catalog:products` names, so the
 * product copy in content/ stays out of these pages' scripts.
 */
export function useProductName(): (id: string) => string {
  const { t } = useTranslation("catalog");
  return useCallback((id: string) => t(`products.${id}`, { defaultValue: id }), [t]);
}
