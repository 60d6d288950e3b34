import type { InfoPageContent } from "../types";

export const aboutUs: InfoPageContent = {
  title: { en: "About Scriptorium", es: "Sobre Scriptorium" },
  description: {
    en: "Scriptorium is a Madrid writing studio: professional writers who create articles, web copy, decks and whitepapers in English and Spanish, on time.",
    es: "Scriptorium es un estudio de escritura en Madrid: redactores profesionales que crean artículos, textos web, presentaciones y libros blancos, a tiempo.",
  },
  sections: {
    en: [
      {
        heading: "Our story",
        paragraphs: [
          "Scriptorium began in 2019 at a kitchen table in Madrid, when two editors who had spent a decade in newsrooms and agencies kept hearing the same complaint from business owners: finding a good writer takes weeks, briefing them takes days, and nobody can say what the text will cost until the invoice arrives.",
          "So we built the studio we would have wanted to hire. Every service has a fixed price you see before you buy, a clear list of what you receive and a delivery date we keep. The name comes from the rooms where medieval scribes copied books by hand: we still believe that good writing is careful, skilled work done by people.",
          "Today Scriptorium Studio S.L. works with start-ups, consultancies, online shops and industrial firms across Europe and the Americas, in English and in Spanish.",
        ],
      },
      {
        heading: "How it works",
        paragraphs: [
          "Pick a service or a bundle and add it to your cart. Bundles combine services that work well together and cost less than buying them one by one.",
          "Top up your prepaid balance in euros, dollars or pounds, from 5 to 10,000 per top-up. Orders are paid from that balance in a single click, so there is no card form to fill in for every purchase and you always see what you have left.",
          "Fill in a short brief for each service: your audience, your goal, your tone and any links or documents we should read. The brief is the most important ten minutes of the whole process, and the form asks exactly the questions our writers need answered.",
          "Follow your order from your account as it moves from paid to in progress to delivered. When it is ready, download the files from the Orders page. If something needs adjusting, the revision rounds named on the service page are included: ask for one on the order's page within {{reviewWindow}} of the delivery.",
        ],
      },
      {
        heading: "Our writers",
        paragraphs: [
          "Our team is a core of six in-house editors in Madrid and a network of around forty freelance writers, every one of them a native speaker of the language they write in. Fewer than one applicant in ten passes our paid test assignment.",
          "We match each order to a writer who knows the field: former journalists for articles, conversion copywriters for websites, analysts with start-up and corporate finance experience for investor decks, and subject specialists for whitepapers in technology, energy, logistics, health and finance.",
          "An editor reviews every text before it reaches you. Writers sign confidentiality agreements, and your brief is seen only by the people working on your order.",
        ],
      },
      {
        heading: "Our quality promise",
        paragraphs: [
          "Original work, always: every text is written from scratch for you and passes an originality check. We never resell or reuse what we deliver, and once the order is paid, the rights to it are yours.",
          "Deadlines we keep: the turnaround on each service page is a commitment, counted in business days from the moment your order is placed.",
          "Changes without haggling: the revision rounds named on each service page, asked for within {{reviewWindow}} of delivery, are part of the price. And if you change your mind before we deliver, ask us to cancel the order and the full amount returns to your balance.",
          "Real answers from real people: write to us through the contact page and an editor, not a bot, replies within one business day.",
        ],
      },
    ],
    es: [
      {
        heading: "Nuestra historia",
        paragraphs: [
          "Scriptorium nació en 2019 en la mesa de una cocina de Madrid. Dos editores que llevaban una década entre redacciones y agencias escuchaban una y otra vez la misma queja de los empresarios: encontrar a un buen redactor cuesta semanas, explicarle el encargo cuesta días y nadie sabe cuánto va a pagar hasta que llega la factura.",
          "Así que montamos el estudio que nos habría gustado contratar. Cada servicio tiene un precio cerrado que ves antes de comprar, una lista clara de lo que recibes y una fecha de entrega que cumplimos. El nombre viene de las salas donde los copistas medievales copiaban libros a mano: seguimos creyendo que escribir bien es un oficio que hacen personas, con cuidado.",
          "Hoy Scriptorium Studio S.L. trabaja con startups, consultoras, tiendas online y empresas industriales de Europa y América, en español y en inglés.",
        ],
      },
      {
        heading: "Cómo funciona",
        paragraphs: [
          "Elige un servicio o un pack y añádelo al carrito. Los packs reúnen servicios que se complementan y cuestan menos que comprarlos uno a uno.",
          "Recarga tu saldo prepago en euros, dólares o libras, de 5 a 10.000 por recarga. Los pedidos se pagan con ese saldo en un clic, sin rellenar los datos de la tarjeta en cada compra y sabiendo siempre cuánto te queda.",
          "Completa un breve briefing para cada servicio: a quién te diriges, qué quieres conseguir, tu tono y los enlaces o documentos que debamos leer. Son los diez minutos más importantes de todo el proceso, y el formulario hace justo las preguntas que nuestros redactores necesitan.",
          "Sigue tu pedido desde tu cuenta mientras pasa de pagado a en curso y a entregado. Cuando esté listo, descarga los archivos en la página de Pedidos. Si hay que ajustar algo, tienes incluidas las rondas de revisión que indica la página del servicio: pídelas en la página del pedido durante los {{reviewWindow}} siguientes a la entrega.",
        ],
      },
      {
        heading: "Nuestros redactores",
        paragraphs: [
          "El equipo lo forman seis editores en plantilla en Madrid y una red de unos cuarenta redactores autónomos, todos nativos del idioma en el que escriben. Menos de uno de cada diez candidatos supera nuestra prueba, que siempre pagamos.",
          "Cada pedido va a parar a un redactor que conoce el sector: periodistas para los artículos, redactores especializados en conversión para las webs, analistas con experiencia en startups y finanzas corporativas para las presentaciones a inversores y especialistas en tecnología, energía, logística, salud o finanzas para los libros blancos.",
          "Un editor revisa cada texto antes de que te llegue. Los redactores firman un acuerdo de confidencialidad y tu briefing solo lo ven las personas que trabajan en tu pedido.",
        ],
      },
      {
        heading: "Nuestro compromiso de calidad",
        paragraphs: [
          "Trabajo original, siempre: cada texto se escribe desde cero para ti y pasa un control de originalidad. Nunca revendemos ni reutilizamos lo que entregamos y, una vez pagado el pedido, los derechos son tuyos.",
          "Plazos que se cumplen: el plazo de entrega de cada servicio es un compromiso, contado en días laborables desde que haces el pedido.",
          "Cambios sin regateos: las rondas de revisión que indica cada servicio, pedidas durante los {{reviewWindow}} siguientes a la entrega, forman parte del precio. Y si cambias de opinión antes de que entreguemos, pídenos que cancelemos el pedido y el importe íntegro vuelve a tu saldo.",
          "Respuestas de personas de verdad: escríbenos desde la página de contacto y te contestará un editor, no un robot, en un día laborable.",
        ],
      },
    ],
  },
};
