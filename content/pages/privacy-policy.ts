import type { InfoPageContent } from "../types";

export const privacyPolicy: InfoPageContent = {
  title: { en: "Privacy policy", es: "Política de privacidad" },
  description: {
    en: "What personal data Scriptorium collects, why, how long we keep it, who receives it and how to exercise your GDPR rights.",
    es: "Qué datos personales trata Scriptorium, para qué, cuánto tiempo los conserva, quién los recibe y cómo ejercer tus derechos según el RGPD.",
  },
  sections: {
    en: [
      {
        heading: "Who is responsible for your data",
        paragraphs: [
          "The controller of your personal data is Scriptorium Studio S.L., Calle de Alcalá 123, 28009 Madrid, Spain, a company registered in the Madrid Mercantile Registry. You can reach us about anything in this policy at support@scriptorium.example or through the contact page.",
          "This policy applies to the Scriptorium website and to the services you order through it. It was last updated on 22 November 2026.",
        ],
      },
      {
        heading: "The data we collect",
        paragraphs: [
          "Account data: your first and last name, email address, country and password when you sign up, and any company, city, postcode and address you add to your profile. We store your password only as a one-way hash that nobody, including us, can read back.",
          "Billing data: the name, business name, address, city, state or province, postcode and country you enter when you top up your balance or place an order, together with the amounts, currencies and dates of your deposits, orders and refunds.",
          "Order content: the briefs you write, the links and documents you share with us, and the files we deliver to you. Please include personal data of other people in a brief only when the work really needs it.",
          "Payments: card and other payment details are entered directly with our payment provider and never reach our servers. We receive only the confirmation of the payment, its amount and a reference.",
          "Support messages: the email address and text you send through the contact page. Technical data: your IP address, browser type and the time of each request, recorded in server logs to keep the service secure.",
        ],
      },
      {
        heading: "Cookies and browser storage",
        paragraphs: [
          "We use only what the site needs to work: a cookie that remembers your language, a cookie that remembers your currency so prices are shown correctly, and your browser's local or session storage for your sign-in session, your cart and your cookie choice.",
          "The first time you visit, a banner lets you accept or reject optional cookies, and we remember your answer. Nothing optional runs before you accept, and the site works fully if you reject. We do not use advertising cookies.",
        ],
      },
      {
        heading: "Why we use your data and on what legal basis",
        paragraphs: [
          "To create and manage your account, credit your deposits, carry out your orders, deliver the results and handle revisions and cancellations, because this is necessary to perform our contract with you (Article 6(1)(b) GDPR).",
          "To issue invoices and keep accounting and tax records, because the law requires it (Article 6(1)(c) GDPR).",
          "To keep the service secure, prevent fraud and abuse, and answer your support requests, based on our legitimate interest in running a safe and reliable store (Article 6(1)(f) GDPR).",
          "To use optional cookies or send you news about our services, only with your consent (Article 6(1)(a) GDPR), which you can withdraw at any time with the same ease as you gave it.",
        ],
      },
      {
        heading: "How long we keep it",
        paragraphs: [
          "Account data: while your account is open. When you ask us to close it, we delete it within 30 days, except for what we must keep by law.",
          "Billing records, deposits, orders and invoices: six years, as required by the Spanish Commercial Code.",
          "Briefs and delivered files: 12 months after delivery, so that you can download them again, and then they are deleted. You can ask us to delete them sooner.",
          "Support messages: two years after the last reply. Server logs: 30 days.",
        ],
      },
      {
        heading: "Who receives your data",
        paragraphs: [
          "We never sell your personal data. We share it only with service providers who process it on our behalf under a data processing agreement: our hosting provider in the European Union, our payment provider, our email delivery provider, and the freelance writers and editors assigned to your order, who are bound by confidentiality.",
          "We disclose data to courts, tax authorities or the police only when the law obliges us to.",
        ],
      },
      {
        heading: "International transfers",
        paragraphs: [
          "Our servers are located in the European Union. Some providers, such as our payment provider, may process data outside the European Economic Area. When they do, the transfer is protected by a European Commission adequacy decision, such as the EU-US Data Privacy Framework, or by the Commission's Standard Contractual Clauses. You can ask us for a copy of the safeguards that apply.",
        ],
      },
      {
        heading: "Your rights",
        paragraphs: [
          "You have the right to access your data, to rectify it if it is wrong, to have it erased, to restrict its processing, to receive it in a portable format and to object to processing based on our legitimate interest. Where we rely on your consent, you can withdraw it at any time.",
          "You can correct most account details yourself in your profile. For everything else, write to support@scriptorium.example from the email address linked to your account. We answer within one month and may ask you to confirm your identity.",
          "If you believe we have not handled your data properly, you can lodge a complaint with the Spanish Data Protection Agency (Agencia Española de Protección de Datos, www.aepd.es) or with the supervisory authority of the EU country where you live.",
        ],
      },
      {
        heading: "How we protect your data",
        paragraphs: [
          "All traffic to the site is encrypted with TLS. Passwords are stored with a modern, deliberately slow hashing algorithm, sign-in attempts are rate-limited, and changing or resetting your password signs out every other session.",
          "Only the staff and writers who need your data for your order can see it, and we review who has access regularly. If a breach ever put your data at risk, we would inform you and the authority as the GDPR requires.",
        ],
      },
      {
        heading: "Changes and contact",
        paragraphs: [
          "If we change this policy in a way that affects you, we will tell you by email or with a notice on the site before the change takes effect.",
          "Questions about your privacy are welcome at support@scriptorium.example, through the contact page, or by post to Scriptorium Studio S.L., Calle de Alcalá 123, 28009 Madrid, Spain.",
        ],
      },
    ],
    es: [
      {
        heading: "Quién es responsable de tus datos",
        paragraphs: [
          "El responsable del tratamiento de tus datos personales es Scriptorium Studio S.L., con domicilio en la calle de Alcalá 123, 28009 Madrid (España), inscrita en el Registro Mercantil de Madrid. Puedes escribirnos sobre cualquier punto de esta política a support@scriptorium.example o desde la página de contacto.",
          "Esta política se aplica a la web de Scriptorium y a los servicios que contratas a través de ella, conforme al Reglamento General de Protección de Datos (RGPD) y a la Ley Orgánica 3/2018 de Protección de Datos y Garantía de los Derechos Digitales. Última actualización: 22 de noviembre de 2026.",
        ],
      },
      {
        heading: "Qué datos recogemos",
        paragraphs: [
          "Datos de tu cuenta: nombre, apellidos, correo electrónico, país y contraseña al registrarte, y la empresa, ciudad, código postal y dirección que quieras añadir a tu perfil. La contraseña solo la guardamos cifrada de forma irreversible: nadie, tampoco nosotros, puede leerla.",
          "Datos de facturación: el nombre, la razón social, la dirección, la ciudad, la provincia, el código postal y el país que indicas al recargar tu saldo o hacer un pedido, junto con los importes, monedas y fechas de tus recargas, pedidos y reembolsos.",
          "Contenido de los pedidos: los briefings que redactas, los enlaces y documentos que compartes con nosotros y los archivos que te entregamos. Te pedimos que solo incluyas datos personales de otras personas cuando el encargo de verdad lo necesite.",
          "Pagos: los datos de tu tarjeta u otro medio de pago los introduces directamente en la plataforma de nuestro proveedor de pagos y nunca llegan a nuestros servidores. Nosotros solo recibimos la confirmación del pago, su importe y una referencia.",
          "Mensajes de soporte: el correo y el texto que nos envías desde la página de contacto. Datos técnicos: tu dirección IP, el tipo de navegador y la hora de cada petición, que quedan registrados en los registros del servidor para mantener la seguridad del servicio.",
        ],
      },
      {
        heading: "Cookies y almacenamiento del navegador",
        paragraphs: [
          "Solo usamos lo imprescindible para que la web funcione: una cookie que recuerda tu idioma, otra que recuerda tu moneda para mostrarte bien los precios, y el almacenamiento local o de sesión de tu navegador para tu sesión, tu carrito y tu elección sobre las cookies.",
          "La primera vez que nos visitas, un aviso te permite aceptar o rechazar las cookies opcionales, y recordamos tu respuesta. Nada opcional se activa antes de que aceptes y la web funciona igual de bien si las rechazas. No utilizamos cookies publicitarias.",
        ],
      },
      {
        heading: "Para qué usamos tus datos y con qué base legal",
        paragraphs: [
          "Para crear y gestionar tu cuenta, abonar tus recargas, realizar tus pedidos, entregarte los resultados y gestionar revisiones y cancelaciones, porque es necesario para cumplir el contrato que tenemos contigo (artículo 6.1.b del RGPD).",
          "Para emitir facturas y llevar la contabilidad y los registros fiscales, porque la ley nos obliga (artículo 6.1.c del RGPD).",
          "Para mantener la seguridad del servicio, prevenir el fraude y los abusos y atender tus consultas, por nuestro interés legítimo en ofrecer una tienda segura y fiable (artículo 6.1.f del RGPD).",
          "Para usar cookies opcionales o enviarte novedades sobre nuestros servicios, solo con tu consentimiento (artículo 6.1.a del RGPD), que puedes retirar en cualquier momento con la misma facilidad con que lo diste.",
        ],
      },
      {
        heading: "Cuánto tiempo los conservamos",
        paragraphs: [
          "Datos de la cuenta: mientras la cuenta siga abierta. Cuando nos pidas cerrarla, los borramos en un plazo de 30 días, salvo lo que la ley nos obligue a conservar.",
          "Registros de facturación, recargas, pedidos y facturas: seis años, como exige el Código de Comercio.",
          "Briefings y archivos entregados: 12 meses desde la entrega, para que puedas volver a descargarlos; después se eliminan. Puedes pedirnos que los borremos antes.",
          "Mensajes de soporte: dos años desde la última respuesta. Registros del servidor: 30 días.",
        ],
      },
      {
        heading: "Quién recibe tus datos",
        paragraphs: [
          "Nunca vendemos tus datos personales. Solo los compartimos con proveedores que los tratan por encargo nuestro y con un contrato de encargo del tratamiento: nuestro proveedor de alojamiento en la Unión Europea, nuestro proveedor de pagos, nuestro proveedor de envío de correo y los redactores y editores autónomos asignados a tu pedido, sujetos a confidencialidad.",
          "Solo comunicamos datos a juzgados, a la Agencia Tributaria o a las fuerzas de seguridad cuando una ley nos obliga a ello.",
        ],
      },
      {
        heading: "Transferencias internacionales",
        paragraphs: [
          "Nuestros servidores están en la Unión Europea. Algunos proveedores, como el de pagos, pueden tratar datos fuera del Espacio Económico Europeo. En ese caso, la transferencia está amparada por una decisión de adecuación de la Comisión Europea, como el Marco de Privacidad de Datos UE-EE. UU., o por las cláusulas contractuales tipo aprobadas por la Comisión. Puedes pedirnos una copia de las garantías aplicables.",
        ],
      },
      {
        heading: "Tus derechos",
        paragraphs: [
          "Tienes derecho a acceder a tus datos, a rectificarlos si son inexactos, a suprimirlos, a limitar su tratamiento, a recibirlos en un formato portable y a oponerte al tratamiento basado en nuestro interés legítimo. Cuando el tratamiento se base en tu consentimiento, puedes retirarlo cuando quieras.",
          "La mayoría de los datos de tu cuenta puedes corregirlos tú mismo desde tu perfil. Para todo lo demás, escribe a support@scriptorium.example desde el correo asociado a tu cuenta. Te respondemos en el plazo de un mes y podemos pedirte que acredites tu identidad.",
          "Si consideras que no hemos tratado bien tus datos, puedes presentar una reclamación ante la Agencia Española de Protección de Datos (www.aepd.es) o ante la autoridad de control del país de la UE en el que residas.",
        ],
      },
      {
        heading: "Cómo protegemos tus datos",
        paragraphs: [
          "Todo el tráfico con la web viaja cifrado mediante TLS. Las contraseñas se guardan con un algoritmo de hash moderno y deliberadamente lento, los intentos de inicio de sesión están limitados y, si cambias o restableces tu contraseña, se cierran todas las demás sesiones.",
          "Solo ven tus datos el personal y los redactores que los necesitan para tu pedido, y revisamos los accesos con regularidad. Si alguna vez una brecha de seguridad pusiera en riesgo tus datos, te lo comunicaríamos a ti y a la autoridad como exige el RGPD.",
        ],
      },
      {
        heading: "Cambios y contacto",
        paragraphs: [
          "Si modificamos esta política de una forma que te afecte, te avisaremos por correo electrónico o con un aviso en la web antes de que el cambio entre en vigor.",
          "Para cualquier duda sobre tu privacidad, escríbenos a support@scriptorium.example, usa la página de contacto o envíanos una carta a Scriptorium Studio S.L., calle de Alcalá 123, 28009 Madrid (España).",
        ],
      },
    ],
  },
};
