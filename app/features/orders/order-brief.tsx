// The brief view is shared with the back office: it lives in components/ now.
export { OrderBrief } from "~/components/order-brief";
