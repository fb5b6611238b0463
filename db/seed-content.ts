import type { CompanyProfile } from "~/domain/company-profile";
/**
 * Demo content in the three languages: the company's own facts (CONTRACT §8), nothing invented beyond
 * them. Each language lists the same entries in the same order; `{{hourlyRate}}` and `{{rentPerDay}}`
 * are filled from the rules in force wherever an answer is shown (`fillFaqValues`).
 */
export const FAQ = {
  sk: [
    [
      "Ako dlho trvá spracovanie žiadosti o prácu?",
      "Žiadosti o prácu spracúvame zvyčajne do 24 hodín. O výsledku vás informujeme e-mailom a v osobnom prehľade.",
    ],
    ["Aký vek musím mať?", "Minimálny vek je 16 rokov: kuriérom sa môžete stať, keď máte 16 rokov alebo viac."],
    ["Kedy dostanem výplatu?", "Výplaty posielame každý týždeň. Prvú výplatu dostanete po prvom odpracovanom týždni."],
    [
      "Aké doklady potrebujem?",
      "Fotografiu tváre, pas alebo občiansky preukaz (obe strany) a povolenie na pobyt alebo doklad o dočasnom útočisku, ak ho máte.",
    ],
    [
      "Musím mať vlastný skúter?",
      "Nie. Prenajmeme vám elektrický skúter a výbavu. Pracovný účet v doručovacích aplikáciách vám zriadime my.",
    ],
    [
      "Čo ak sa skúter pokazí?",
      "Problém nahláste v osobnom prehľade s popisom a fotografiou alebo videom. Ozveme sa vám s riešením.",
    ],
    [
      "Potrebujem vodičský preukaz?",
      "Na elektrický skúter obmedzený na 25 km/h vodičský preukaz nepotrebujete. Model, ktorý je mopedom (do 45 km/h, kategória L1e), vyžaduje vodičský preukaz skupiny AM (alebo B, ktorá ju zahŕňa); vo flotile je označený „vodičský preukaz AM“ a preukaz skontrolujeme pri odovzdaní vozidla.",
    ],
    [
      "Potrebujem živnosť?",
      "Nie. Nepracujete ako živnostník: s firmou uzatvoríte dohodu o vykonaní práce, študenti dohodu o brigádnickej práci študentov. Firma vás prihlási do poisťovní a odvedie odvody a daň z vašej odmeny: hodinová sadzba {{hourlyRate}} je suma, ktorá vám za odpracovanú hodinu príde na účet, pred nájomným za skúter a škodami.",
    ],
    [
      "Potrebujem ako občan Ukrajiny povolenie na prácu?",
      "Nie, ak máte na Slovensku dočasné útočisko: občania Ukrajiny s dočasným útočiskom povolenie na prácu nepotrebujú. K žiadosti o prácu nahrajte doklad o dočasnom útočisku.",
    ],
    [
      "Môžem pracovať len cez víkendy?",
      "Áno. Kedy jazdíte, si volíte sami, aj len cez víkendy. Za každú odpracovanú hodinu dostanete {{hourlyRate}}; nájomné za skúter {{rentPerDay}} sa však počíta za každý deň, keď máte vozidlo u seba.",
    ],
    [
      "Ako sa strháva nájomné za skúter?",
      "Nájomné {{rentPerDay}} za každý deň, keď máte vozidlo u seba, sa strháva z týždennej výplaty len s vaším písomným súhlasom (dohoda o zrážkach zo mzdy), ktorý dávate pri žiadosti o vozidlo. Rovnako sa strhávajú náklady na škodu zaznamenanú pri odovzdaní vozidla, ktorú ste potvrdili alebo o ktorej sa rozhodlo po vašej námietke.",
    ],
  ],
  ua: [
    [
      "Скільки триває розгляд заявки?",
      "Заявки зазвичай обробляємо до 24 годин. Про результат повідомимо електронною поштою та в особистому кабінеті.",
    ],
    [
      "Скільки мені має бути років?",
      "Мінімальний вік — 16 років: стати кур'єром можна, коли вам виповнилося 16 років.",
    ],
    [
      "Коли я отримаю виплату?",
      "Виплати надсилаємо щотижня. Першу виплату ви отримаєте після першого відпрацьованого тижня.",
    ],
    [
      "Які документи потрібні?",
      "Фото обличчя, паспорт або посвідчення особи (обидві сторони) та дозвіл на проживання або документ про тимчасовий захист, якщо він у вас є.",
    ],
    [
      "Чи потрібен власний скутер?",
      "Ні. Ми надамо в оренду електроскутер та екіпірування. Робочий обліковий запис у застосунках доставки створимо ми.",
    ],
    [
      "Що робити, якщо скутер зламався?",
      "Повідомте про проблему в особистому кабінеті з описом і фото або відео. Ми зв'яжемося з вами щодо рішення.",
    ],
    [
      "Чи потрібне посвідчення водія (водійські права)?",
      "Для електроскутера з обмеженням 25 км/год посвідчення водія не потрібне. Модель, яка є мопедом (до 45 км/год, категорія L1e), потребує посвідчення категорії AM (або B, яка її включає); у флоті вона позначена «посвідчення AM», і ми перевіряємо посвідчення під час передачі транспорту.",
    ],
    [
      "Чи потрібна živnosť (ФОП, підприємницька діяльність)?",
      "Ні. Ви не працюєте як підприємець: з компанією ви укладаєте договір dohoda o vykonaní práce, студенти — dohoda o brigádnickej práci študentov. Компанія реєструє вас у страхових установах і сплачує внески та податок з вашої оплати: погодинна ставка {{hourlyRate}} — це сума, яка надходить на ваш рахунок за відпрацьовану годину, до вирахування оренди скутера та збитків.",
    ],
    [
      "Чи потрібен громадянину України дозвіл на роботу?",
      "Ні, якщо у вас є тимчасовий захист у Словаччині (dočasné útočisko): громадянам України з тимчасовим захистом дозвіл на роботу не потрібен. До заявки на роботу завантажте документ про тимчасовий захист.",
    ],
    [
      "Чи можна працювати лише у вихідні?",
      "Так. Коли працювати, ви вирішуєте самі, зокрема лише у вихідні. За кожну відпрацьовану годину ви отримуєте {{hourlyRate}}; проте оренда скутера {{rentPerDay}} нараховується за кожен день, коли транспорт у вас.",
    ],
    [
      "Як утримується оренда скутера?",
      "Оренда {{rentPerDay}} за кожен день, коли транспорт у вас, утримується з тижневої виплати лише з вашої письмової згоди (dohoda o zrážkach zo mzdy), яку ви даєте в запиті на транспорт. Так само утримується вартість пошкоджень, зафіксованих під час передачі транспорту, які ви підтвердили або щодо яких ухвалено рішення після вашого оскарження.",
    ],
  ],
  en: [
    [
      "How long does it take to process an application?",
      "Applications are usually processed within 24 hours. We let you know the result by e-mail and in your dashboard.",
    ],
    ["How old do I have to be?", "The minimum age is 16: you can become a courier when you are 16 or older."],
    ["When do I get paid?", "Payouts are weekly. You receive the first payout after your first week of work."],
    [
      "Which documents do I need?",
      "A photo of your face, your passport or ID card (both sides), and a residence permit or a temporary protection (refugee) document if you have one.",
    ],
    [
      "Do I need my own scooter?",
      "No. We rent you an electric scooter and equipment, and we set up your work account in the delivery apps.",
    ],
    [
      "What if the scooter breaks down?",
      "Report the problem in your dashboard with a description and a photo or video. We will get back to you with a solution.",
    ],
    [
      "Do I need a driving licence?",
      'No driving licence is needed for an electric scooter limited to 25 km/h. A model that is a moped (up to 45 km/h, category L1e) needs a category AM licence (or B, which includes it); the fleet marks it "licence AM" and we check the licence when you take the vehicle.',
    ],
    [
      "Do I need a trade licence (živnosť)?",
      "No. You do not work as self-employed: you sign an agreement with the company, a dohoda o vykonaní práce, or for students a dohoda o brigádnickej práci študentov. The company registers you with the insurers and pays the contributions and tax due on your pay: the hourly rate of {{hourlyRate}} is what reaches your account for an hour worked, before scooter rent and damage.",
    ],
    [
      "Do I need a work permit as a citizen of Ukraine?",
      "No, if you have temporary protection in Slovakia (dočasné útočisko): citizens of Ukraine with temporary protection need no work permit. Upload your temporary protection document with your application.",
    ],
    [
      "Can I work only at weekends?",
      "Yes. You choose when you ride, weekends only if you like. Each hour worked brings you {{hourlyRate}}; the scooter rent of {{rentPerDay}}, though, counts for each day you hold the vehicle.",
    ],
    [
      "How is the scooter rent deducted?",
      "The rent of {{rentPerDay}} for each day you hold the vehicle is deducted from your weekly pay only with your written agreement (dohoda o zrážkach zo mzdy), which you give with your vehicle request. The cost of damage recorded at a handover that you confirmed, or that was decided after your dispute, is deducted the same way.",
    ],
  ],
} as const;

export const FLEET = [
  {
    image: "scooter-1000w",
    serial: "CF-1000-001",
    name: "Urban Pro 1000",
    /** A moped (1000 W, up to 80 km): a category AM licence (CONTRACT §8). */
    licenceCategory: "AM",
    characteristics: {
      sk: "Motor 1000 W, dojazd až 80 km, vyberateľná batéria",
      ua: "Двигун 1000 Вт, запас ходу до 80 км, знімний акумулятор",
      en: "1000 W motor, range up to 80 km, removable battery",
    },
    sk: ["Urban Pro 1000", "Skúter 1000 W s dojazdom až 80 km"],
    ua: ["Urban Pro 1000", "Скутер 1000 Вт із запасом ходу до 80 км"],
    en: ["Urban Pro 1000", "1000 W scooter with a range of up to 80 km"],
  },
  {
    image: "scooter-900w",
    serial: "CF-900-001",
    name: "City Go 900",
    licenceCategory: "none",
    characteristics: {
      sk: "Motor 900 W, maximálna rýchlosť 25 km/h",
      ua: "Двигун 900 Вт, максимальна швидкість 25 км/год",
      en: "900 W motor, top speed 25 km/h",
    },
    sk: ["City Go 900", "Skúter 900 W s rýchlosťou 25 km/h"],
    ua: ["City Go 900", "Скутер 900 Вт зі швидкістю 25 км/год"],
    en: ["City Go 900", "900 W scooter at 25 km/h"],
  },
  {
    image: "scooter-cargo",
    serial: "CF-CARGO-001",
    name: "Cargo 1200",
    licenceCategory: "none",
    characteristics: {
      sk: "Motor 1200 W, dojazd až 60 km, zadný nosič na doručovací box",
      ua: "Двигун 1200 Вт, запас ходу до 60 км, задній багажник для бокса доставки",
      en: "1200 W motor, range up to 60 km, rear cargo rack for a delivery box",
    },
    sk: ["Cargo 1200", "Skúter 1200 W s nosičom na box, dojazd až 60 km"],
    ua: ["Cargo 1200", "Скутер 1200 Вт з багажником для бокса, запас ходу до 60 км"],
    en: ["Cargo 1200", "1200 W scooter with a box rack, range up to 60 km"],
  },
] as const;

/** Demo news, every title and body in the three languages. */
export const NEWS = [
  {
    title: { sk: "Nové skútre vo flotile", ua: "Нові скутери у флоті", en: "New scooters in the fleet" },
    content: {
      sk: "Do flotily pribudli nové skútre s dojazdom až 80 km.",
      ua: "До флоту додалися нові скутери із запасом ходу до 80 км.",
      en: "New scooters with a range of up to 80 km have joined the fleet.",
    },
    textPosition: "bottom_left" as const,
  },
  {
    title: { sk: "Výplaty každý týždeň", ua: "Виплати щотижня", en: "Weekly payouts" },
    content: {
      sk: "Výplaty posielame každý týždeň, prvú po prvom odpracovanom týždni.",
      ua: "Виплати надсилаємо щотижня, першу — після першого відпрацьованого тижня.",
      en: "Payouts are weekly, the first after your first week of work.",
    },
    textPosition: "center" as const,
  },
  {
    title: { sk: "Žiadosti o prácu do 24 hodín", ua: "Заявки — протягом 24 годин", en: "Applications within 24 hours" },
    content: {
      sk: "Žiadosti o prácu spracúvame zvyčajne do 24 hodín.",
      ua: "Заявки зазвичай обробляємо протягом 24 годин.",
      en: "Applications are usually processed within 24 hours.",
    },
    textPosition: "top_left" as const,
  },
];

export const PARTNERS = [
  { name: "Wolt", url: "https://wolt.com" },
  { name: "Bolt Food", url: "https://food.bolt.eu" },
  { name: "Foodora", url: "https://www.foodora.sk" },
];

/**
 * The demo operator's company profile (CONTRACT §8), editable at /admin/settings/company. The IČO's
 * last digit is its check digit (55 123 45 → 7), so the demo's own profile passes the form's check.
 */
export const DEMO_COMPANY: CompanyProfile = {
  legalName: "Courier Fleet s.r.o.",
  address: "Mlynské nivy 5, 821 09 Bratislava",
  ico: "55123456",
  vatId: "SK2121234567",
  registerEntry: "Obchodný register Mestského súdu Bratislava III",
  email: "info@courierfleet.sk",
  phone: "+421 2 1234 5678",
  payoutName: "Courier Fleet s.r.o.",
  // A valid test IBAN (mod-97 checked), not a real account.
  payoutIban: "SK8975000000000012345671",
};

export const DEMO_ADMIN = { email: "admin@courierfleet.sk", password: "Demo-Admin-2026!" };

/** Demo couriers log in with this password (README, Quick start). */
export const DEMO_COURIER_PASSWORD = "Demo-Courier-2026!";

/** Leases of the demo: one up for renewal, one with a recorded check-out to confirm. */
export const DEMO_LEASES = [
  {
    email: "oksana.demo@courierfleet.sk",
    fullName: "Oksana Demo",
    language: "ua" as const,
    endsInDays: 3,
    renewalRequested: true,
    checkOut: {
      batteryPercent: 100,
      odometerKm: 860,
      damages: { deck: "scratch" as const },
      note: "Nabíjačka v taške.",
      confirmed: true,
    },
    vehicle: {
      name: "Urban Pro 1000 · D-01",
      serial: "DEMO-LEASE-01",
      licenceCategory: "AM" as const,
      characteristics: {
        sk: "1000 W, dojazd až 80 km",
        ua: "1000 Вт, запас ходу до 80 км",
        en: "1000 W, range up to 80 km",
      },
    },
  },
  {
    email: "marek.demo@courierfleet.sk",
    fullName: "Marek Demo",
    language: "sk" as const,
    endsInDays: 20,
    renewalRequested: false,
    checkOut: { batteryPercent: 96, odometerKm: 12, damages: {}, note: null, confirmed: false },
    vehicle: {
      name: "City Go 900 · D-02",
      serial: "DEMO-LEASE-02",
      licenceCategory: "none" as const,
      characteristics: {
        sk: "900 W, dojazd až 60 km",
        ua: "900 Вт, запас ходу до 60 км",
        en: "900 W, range up to 60 km",
      },
    },
  },
];

/**
 * A courier whose residence permit ends in under 30 days (the dashboard banner, the admin's
 * "expiring soon" list) and a vehicle in service with its service record.
 */
export const DEMO_COURIER = {
  email: "olena.demo@courierfleet.sk",
  password: DEMO_COURIER_PASSWORD,
  fullName: "Olena Kovalenko",
  documentDaysLeft: 20,
};
export const DEMO_SERVICE = {
  vehicle: {
    name: "Urban Pro 1000 (servis)",
    serial: "CF-1000-SVC",
    licenceCategory: "AM" as const,
    characteristics: {
      sk: "Motor 1000 W, dojazd až 80 km, vyberateľná batéria",
      ua: "Двигун 1000 Вт, запас ходу до 80 км, знімний акумулятор",
      en: "1000 W motor, range up to 80 km, removable battery",
    },
    odometerKm: 4120,
  },
  record: {
    description: "Výmena brzdových doštičiek, kontrola batérie",
    costCents: 4990,
    nextDueKm: 6000,
    nextDueDays: 180,
  },
};
