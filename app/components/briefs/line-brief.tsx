import { useTranslation } from "react-i18next";
import { BRIEF_FORMS } from "../../../contract/brief-forms";
import type { ProductId } from "../../../contract/catalog";
import type { FieldErrors } from "~/components/ui/use-api-submit";
import type { Locale } from "../../../common/locales";
import { BriefFields } from "./brief-fields";
import { isService, serviceErrorPrefix, servicesOf, serviceValues, withServiceValues, type LineDraft } from "~/lib/briefs/brief-values";

export interface LineBriefProps {
  productId: ProductId;
  draft: LineDraft | undefined;
  onChange(draft: LineDraft): void;
  /** All field errors of the order; this line's brief is under `${errorPrefix}` (`orderFormData[2].brief`). */
  errors: FieldErrors;
  errorPrefix: string;
  locale: Locale;
  /** The name of a contained service, for a bundle's sub-form headings. */
  serviceName(id: string): string;
  disabled?: boolean;
}

/** The brief of one cart line: a service's form, or one sub-form per service a bundle contains. */
export function LineBrief({ productId, draft, onChange, errors, errorPrefix, locale, serviceName, disabled }: LineBriefProps) {
  const { t } = useTranslation("cart");
  const services = servicesOf(productId);
  return (
    <div className="space-y-4">
      {services.map((serviceId) => {
        const fields = (
          <BriefFields
            form={BRIEF_FORMS[serviceId]}
            values={serviceValues(productId, draft, serviceId)}
            onChange={(values) => onChange(withServiceValues(productId, draft, serviceId, values))}
            errors={errors}
            errorPrefix={serviceErrorPrefix(errorPrefix, productId, serviceId)}
            locale={locale}
            disabled={disabled}
          />
        );
        if (isService(productId)) return <div key={serviceId}>{fields}</div>;
        return (
          <fieldset key={serviceId} className="rounded-md border border-slate-300 dark:border-slate-800 p-4">
            <legend className="px-1 font-medium">{t("brief.forService", { service: serviceName(serviceId) })}</legend>
            {fields}
          </fieldset>
        );
      })}
    </div>
  );
}
