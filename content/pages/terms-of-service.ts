import type { InfoPageContent } from "../types";

export const termsOfService: InfoPageContent = {
  title: { en: "Terms of service", es: "Condiciones del servicio" },
  description: {
    en: "The terms for using Scriptorium: your account, prices, prepaid balance, orders and briefs, delivery, revisions, refunds and rights to the work.",
    es: "Las condiciones de Scriptorium: tu cuenta, precios, saldo prepago, pedidos y briefings, entregas, revisiones, reembolsos y derechos sobre el trabajo.",
  },
  sections: {
    en: [
      {
        heading: "Who we are",
        paragraphs: [
          "Scriptorium is operated by Scriptorium Studio S.L., Calle de Alcalá 123, 28009 Madrid, Spain, registered in the Madrid Mercantile Registry (support@scriptorium.example). These terms apply to every account, deposit and order on this website. By creating an account or placing an order you accept them; please read them together with our privacy policy. They were last updated on 22 November 2026.",
        ],
      },
      {
        heading: "Your account",
        paragraphs: [
          "You need an account to top up a balance and place orders. You must be at least 18 and give accurate details. If you order on behalf of a company, you confirm that you are authorised to bind it.",
          "Keep your password to yourself: you are responsible for what happens under your account. If you suspect someone else has used it, change your password, which signs out every other session, and tell us. You can ask us to close your account at any time.",
        ],
      },
      {
        heading: "Prices and currencies",
        paragraphs: [
          "Prices are fixed per service and per bundle and are shown in euros (EUR), US dollars (USD) or pounds sterling (GBP), whichever you choose. They are final prices and include any VAT that applies. Bundles cost less than the services they contain bought separately.",
          "The price that applies is the one shown when you place the order. We may change prices for the future, but never for an order already placed.",
        ],
      },
      {
        heading: "Balance and deposits",
        paragraphs: [
          "Orders are paid from a prepaid balance. You top it up through our payment provider with deposits of at least 5 and at most 10,000 units of the currency per top-up. You hold a separate balance for each currency; amounts are not converted between them, and an order is paid from the balance in its own currency.",
          "A deposit is credited once the payment provider confirms the payment. Your balance can only be spent on Scriptorium services. It bears no interest, is not a bank account or electronic money, and never becomes negative: an order can only be placed when your balance covers it.",
          "{{balancePolicy}}",
        ],
      },
      {
        heading: "Orders and briefs",
        paragraphs: [
          "Each service in an order comes with its own brief, a form that tells us your audience, goals, tone and sources. The contract for an order is concluded when you place it and the amount is debited from your balance; the order then has the status paid.",
          "The quality of the result depends on the brief. Please give complete and accurate information and only material you are entitled to share. If something is unclear, your writer may contact you by email; the turnaround is paused while we wait for an answer we need to continue.",
        ],
      },
      {
        heading: "Delivery and turnaround",
        paragraphs: [
          "When a writer starts, your order moves to in progress. The turnaround on each service page is counted in business days (Monday to Friday, excluding Madrid public holidays) from the moment the order is placed, unless the service page says otherwise. For bundles, the longest turnaround among the services included applies.",
          "When the work is ready, the order changes to delivered and the files can be downloaded from the Orders page of your account. Delivered files remain available for 12 months.",
          "{{onTimeGuarantee}}",
        ],
      },
      {
        heading: "Revisions",
        paragraphs: [
          "Every service includes the revision rounds named on its page ({{revisionList}}). Ask for one with the button on the order's page within {{reviewWindow}} of each delivery; if you neither accept nor ask for a revision in that time, the delivery counts as accepted and the order completes on its own. A revision adjusts the delivered work to the original brief: tone, structure, wording, accuracy.",
          "A new topic, a different audience or a change of scope is a new order rather than a revision. We will tell you before doing any work that would cost extra.",
        ],
      },
      {
        heading: "Cancellations and refunds",
        paragraphs: [
          "You can cancel an order while its status is paid or in progress: send us your order number through the contact page and we cancel it within one business day. The full amount is refunded to your balance, and from there you can use it for another order or withdraw it as described above.",
          "Once an order is delivered, it cannot be cancelled: the service has been fully performed at your express request, and for consumers this ends the right of withdrawal under Spanish and EU consumer law. If the delivered work does not match the brief and revisions do not put it right, write to us and we will find a fair solution, including a partial or full refund to your balance.",
        ],
      },
      {
        heading: "Intellectual property",
        paragraphs: [
          "When an order has been paid in full, all transferable economic rights to the delivered work pass to you, worldwide and for their full duration, including the rights to reproduce, distribute, publish, adapt and translate it. You may publish it under your own name or your company's.",
          "You keep all rights to the materials you send us and allow us to use them only to carry out your order. We do not reuse or resell delivered work, and we mention you as a client only with your written permission.",
        ],
      },
      {
        heading: "Acceptable use",
        paragraphs: [
          "You may not use Scriptorium to order content that is unlawful, defamatory, discriminatory or misleading, fake reviews or testimonials, academic work to be submitted as your own, or material that infringes the rights of others. We may refuse or cancel such orders, with a full refund to your balance.",
          "Do not try to disrupt the site, access other people's accounts or data, or send automated requests in volumes that harm the service.",
        ],
      },
      {
        heading: "Liability",
        paragraphs: [
          "We write with care and check facts, but you are responsible for reviewing the work before you publish or use it, in particular for legal, medical, financial or regulated claims, and for the accuracy of the information you provide. We do not promise specific business results such as search rankings, sales or funding.",
          "Our liability for any order is limited to the amount you paid for it, except in cases of intent or gross negligence, personal injury, or where the law does not allow a limitation. Nothing in these terms limits your statutory rights as a consumer.",
        ],
      },
      {
        heading: "Governing law and disputes",
        paragraphs: [
          "These terms are governed by Spanish law. If you are a business customer, the courts of Madrid have jurisdiction. If you are a consumer, you may bring proceedings in the courts of your place of residence, and you keep the protection of the mandatory laws of the country where you live.",
          "Before going to court, please write to us: most problems are solved within a few days.",
        ],
      },
      {
        heading: "Changes to these terms",
        paragraphs: [
          "We may update these terms when our services or the law change. We will give you at least 30 days' notice by email of any change that affects you. Orders already placed keep the terms in force when they were placed.",
        ],
      },
      {
        heading: "Contact",
        paragraphs: [
          "Questions about these terms, revisions or refunds: use the contact page or write to support@scriptorium.example. By post: Scriptorium Studio S.L., Calle de Alcalá 123, 28009 Madrid, Spain.",
        ],
      },
    ],
    es: [
      {
        heading: "Quiénes somos",
        paragraphs: [
          "Scriptorium es un servicio de Scriptorium Studio S.L., con domicilio en la calle de Alcalá 123, 28009 Madrid (España), inscrita en el Registro Mercantil de Madrid (support@scriptorium.example). Estas condiciones rigen todas las cuentas, recargas y pedidos de esta web. Al crear una cuenta o hacer un pedido las aceptas; te pedimos que las leas junto con nuestra política de privacidad. Última actualización: 22 de noviembre de 2026.",
        ],
      },
      {
        heading: "Tu cuenta",
        paragraphs: [
          "Para recargar saldo y hacer pedidos necesitas una cuenta. Debes ser mayor de edad y facilitar datos veraces. Si compras en nombre de una empresa, confirmas que tienes poder para obligarla.",
          "Tu contraseña es solo tuya: eres responsable de lo que ocurra con tu cuenta. Si sospechas que alguien la ha usado, cambia la contraseña, lo que cierra todas las demás sesiones, y avísanos. Puedes pedirnos que cerremos tu cuenta cuando quieras.",
        ],
      },
      {
        heading: "Precios y monedas",
        paragraphs: [
          "Cada servicio y cada pack tiene un precio cerrado, que se muestra en euros (EUR), dólares estadounidenses (USD) o libras esterlinas (GBP), según elijas. Son precios finales e incluyen el IVA que corresponda. Los packs cuestan menos que la suma de sus servicios por separado.",
          "Se aplica el precio que ves al hacer el pedido. Podemos cambiar los precios en el futuro, pero nunca los de un pedido ya realizado.",
        ],
      },
      {
        heading: "Saldo y recargas",
        paragraphs: [
          "Los pedidos se pagan con un saldo prepago. Lo recargas a través de nuestro proveedor de pagos, con un mínimo de 5 y un máximo de 10.000 unidades de la moneda por recarga. Tienes un saldo independiente para cada moneda; los importes no se convierten de una a otra y cada pedido se paga con el saldo de su moneda.",
          "La recarga se abona en cuanto el proveedor de pagos confirma el cobro. El saldo solo puede usarse para servicios de Scriptorium, no genera intereses, no es una cuenta bancaria ni dinero electrónico y nunca puede quedar en negativo: solo puedes hacer un pedido si tu saldo lo cubre.",
          "{{balancePolicy}}",
        ],
      },
      {
        heading: "Pedidos y briefings",
        paragraphs: [
          "Cada servicio de un pedido lleva su propio briefing, un formulario en el que nos cuentas tu público, tus objetivos, tu tono y tus fuentes. El contrato de un pedido se perfecciona cuando lo realizas y el importe se descuenta de tu saldo; en ese momento el pedido queda en estado pagado.",
          "El resultado depende en buena parte del briefing. Facilítanos información completa y exacta, y solo material que tengas derecho a compartir. Si algo no está claro, tu redactor puede escribirte por correo; el plazo de entrega se detiene mientras esperamos una respuesta imprescindible para seguir.",
        ],
      },
      {
        heading: "Entrega y plazos",
        paragraphs: [
          "Cuando un redactor se pone manos a la obra, tu pedido pasa a en curso. El plazo de cada servicio se cuenta en días laborables (de lunes a viernes, sin los festivos de Madrid) desde que haces el pedido, salvo que la página del servicio indique otra cosa. En los packs se aplica el plazo más largo de los servicios que incluyen.",
          "Cuando el trabajo está listo, el pedido pasa a entregado y puedes descargar los archivos en la página de Pedidos de tu cuenta. Los archivos entregados siguen disponibles durante 12 meses.",
          "{{onTimeGuarantee}}",
        ],
      },
      {
        heading: "Revisiones",
        paragraphs: [
          "Todos los servicios incluyen las rondas de revisión que indica su página ({{revisionList}}). Pide cada una con el botón de la página del pedido durante los {{reviewWindow}} siguientes a cada entrega; si en ese plazo no aceptas la entrega ni pides una revisión, se da por aceptada y el pedido se completa solo. Una revisión ajusta el trabajo entregado al briefing original: tono, estructura, redacción o exactitud.",
          "Un tema nuevo, un público distinto o un cambio de alcance son un pedido nuevo, no una revisión. Te avisaremos antes de hacer cualquier trabajo que suponga un coste adicional.",
        ],
      },
      {
        heading: "Cancelaciones y reembolsos",
        paragraphs: [
          "Puedes cancelar un pedido mientras esté pagado o en curso: mándanos tu número de pedido desde la página de contacto y lo cancelamos en un día laborable. El importe íntegro vuelve a tu saldo y desde ahí puedes usarlo en otro pedido o retirarlo como se explica más arriba.",
          "Un pedido entregado ya no se puede cancelar: el servicio se ha prestado por completo a petición expresa tuya y, si eres consumidor, con ello se extingue el derecho de desistimiento que reconoce la normativa española y europea de consumo. Si el trabajo entregado no se ajusta al briefing y las revisiones no lo resuelven, escríbenos y buscaremos una solución justa, incluido un reembolso parcial o total a tu saldo.",
        ],
      },
      {
        heading: "Propiedad intelectual",
        paragraphs: [
          "Una vez pagado el pedido en su totalidad, te cedemos todos los derechos de explotación transmisibles sobre el trabajo entregado, para todo el mundo y por todo su periodo de vigencia, incluidos los de reproducción, distribución, comunicación pública y transformación, también la traducción. Puedes publicarlo con tu nombre o el de tu empresa.",
          "Conservas todos los derechos sobre los materiales que nos envías y nos autorizas a usarlos solo para realizar tu pedido. No reutilizamos ni revendemos los trabajos entregados, y solo te citamos como cliente con tu permiso por escrito.",
        ],
      },
      {
        heading: "Uso aceptable",
        paragraphs: [
          "No puedes usar Scriptorium para encargar contenidos ilícitos, difamatorios, discriminatorios o engañosos, reseñas o testimonios falsos, trabajos académicos para presentarlos como propios ni material que vulnere derechos de terceros. Podemos rechazar o cancelar esos pedidos, con el reembolso íntegro a tu saldo.",
          "Tampoco está permitido intentar alterar el funcionamiento de la web, acceder a cuentas o datos ajenos ni enviar peticiones automatizadas en un volumen que perjudique el servicio.",
        ],
      },
      {
        heading: "Responsabilidad",
        paragraphs: [
          "Escribimos con cuidado y contrastamos los datos, pero te corresponde revisar el trabajo antes de publicarlo o usarlo, sobre todo si contiene afirmaciones legales, médicas, financieras o de sectores regulados, así como responder de la exactitud de la información que nos das. No prometemos resultados de negocio concretos, como posiciones en buscadores, ventas o financiación.",
          "Nuestra responsabilidad por un pedido se limita al importe que pagaste por él, salvo en caso de dolo o culpa grave, daños personales o cuando la ley no permita limitarla. Nada de lo aquí dispuesto limita los derechos que te reconoce la ley como consumidor.",
        ],
      },
      {
        heading: "Ley aplicable y conflictos",
        paragraphs: [
          "Estas condiciones se rigen por la ley española. Si eres cliente empresarial, son competentes los juzgados y tribunales de Madrid. Si eres consumidor, puedes acudir a los tribunales de tu domicilio y conservas la protección de las normas imperativas del país en el que resides.",
          "Antes de llegar a los tribunales, escríbenos: la mayoría de los problemas se resuelven en pocos días.",
        ],
      },
      {
        heading: "Cambios en estas condiciones",
        paragraphs: [
          "Podemos actualizar estas condiciones cuando cambien nuestros servicios o la ley. Te avisaremos por correo con al menos 30 días de antelación de cualquier cambio que te afecte. Los pedidos ya realizados se rigen por las condiciones vigentes cuando los hiciste.",
        ],
      },
      {
        heading: "Contacto",
        paragraphs: [
          "Dudas sobre estas condiciones, revisiones o reembolsos: usa la página de contacto o escribe a support@scriptorium.example. Por correo postal: Scriptorium Studio S.L., calle de Alcalá 123, 28009 Madrid (España).",
        ],
      },
    ],
  },
};
