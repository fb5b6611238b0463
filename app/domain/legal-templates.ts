/**
 * The templates the operator starts from (CONTRACT §8): a privacy notice under GDPR Art. 13 and terms of
 * use, per language, prefilled with the operator's company facts and the retention rules in force. The
 * operator edits and publishes them in the admin (/admin/legal); until then the public pages show these.
 */
import type { LegalKind } from "./legal-text";
import type { Language } from "./rules";

export type LegalFacts = {
  controller: { name: string; address: string; registration: string; email: string; phone: string };
  retention: {
    /** Identity documents of a rejected application (the operator's setting). */
    rejectedDocumentDays: number;
    /** A log-in session ends at the latest after this many days. */
    sessionDays: number;
    /** A browser is remembered for the new-browser e-mail this long. */
    deviceDays: number;
    payRecordYears: number;
  };
};

/** The supervisory authority (CONTRACT §8), the same in every language. */
const AUTHORITY = "Úrad na ochranu osobných údajov Slovenskej republiky, Hraničná 12, 820 07 Bratislava 27";

/**
 * Each category of data the "Download my data" export holds (its keys) and the words that name it in
 * the privacy notice of each language. A test checks that every key of the export is here and that each
 * language's template names it, so the notice and the export cannot drift apart.
 */
export const EXPORT_CATEGORY_PHRASES: Record<string, Record<Language, string>> = {
  profile: { en: "e-mail address", sk: "e-mailová adresa", ua: "адреса електронної пошти" },
  applications: { en: "job application", sk: "žiadosť o prácu", ua: "заявка на роботу" },
  files: { en: "uploaded files", sk: "nahrané súbory", ua: "завантажені файли" },
  documentRenewals: {
    en: "right-to-stay documents",
    sk: "doklady o práve na pobyt",
    ua: "документи про право на перебування",
  },
  documentReminders: { en: "reminders", sk: "pripomienky", ua: "нагадування" },
  vehicleRequests: { en: "vehicle requests", sk: "žiadosti o vozidlo", ua: "запити на транспортний засіб" },
  handovers: { en: "handover photos", sk: "fotografie z odovzdania", ua: "фотографії передачі" },
  problemReports: { en: "problem reports", sk: "hlásenia problémov", ua: "повідомлення про проблеми" },
  statusHistory: { en: "status history", sk: "história stavu", ua: "історія статусу" },
  sessions: { en: "log-in sessions", sk: "prihlásenia", ua: "сеанси входу" },
  devices: { en: "remembered browsers", sk: "zapamätané prehliadače", ua: "запам’ятовані браузери" },
  statements: { en: "pay statements", sk: "výplatné výkazy", ua: "розрахункові листи" },
  payouts: { en: "payouts", sk: "výplaty", ua: "виплати" },
  platformAccounts: { en: "platform accounts", sk: "účty na platformách", ua: "облікові записи на платформах" },
  bankAccount: { en: "bank details", sk: "bankové údaje", ua: "банківські реквізити" },
  payQuestions: { en: "questions about pay", sk: "otázky k výplate", ua: "питання щодо оплати" },
  secondFactor: { en: "second factor", sk: "druhý faktor", ua: "другий фактор" },
  notificationPreferences: { en: "notification choices", sk: "nastavenia upozornení", ua: "налаштування сповіщень" },
  telegram: { en: "Telegram chat", sk: "chat v Telegrame", ua: "чат у Telegram" },
  pushSubscriptions: { en: "notification subscriptions", sk: "odbery upozornení", ua: "підписки на сповіщення" },
  legalConsents: {
    en: "versions of these texts you were shown",
    sk: "verzie týchto textov, ktoré vám boli zobrazené",
    ua: "версії цих текстів, які вам показали",
  },
};

/** The export's categories a privacy notice does not name (compared without case). */
export function missingExportCategories(body: string, language: Language) {
  const text = body.toLocaleLowerCase();
  return Object.entries(EXPORT_CATEGORY_PHRASES)
    .filter(([, phrases]) => !text.includes(phrases[language].toLocaleLowerCase()))
    .map(([key]) => key);
}

export function legalTemplate(kind: LegalKind, language: Language, facts: LegalFacts) {
  return (kind === "privacy" ? PRIVACY : TERMS)[language](facts).trim();
}

const PRIVACY: Record<Language, (facts: LegalFacts) => string> = {
  en: ({ controller: c, retention: r }) => `
## Who is responsible for your data

The controller of your personal data is ${c.name}, ${c.address} (${c.registration}). Write to ${c.email} or call ${c.phone} about anything in this notice.

## What we process, why, and on what legal basis

- Your account: e-mail address, password (stored only as a hash), language, status history, log-in sessions and remembered browsers, and for admins the second factor. Purpose: to give you access and keep the account safe. Legal basis: the contract with you (Art. 6(1)(b) GDPR) and our legitimate interest in security (Art. 6(1)(f)).
- Your job application and identity documents: name, date of birth, phone, nationality, the uploaded files (passport or ID card, residence permit or temporary protection document) and later right-to-stay documents with their reminders. Purpose: to decide on the cooperation and to check your right to work in Slovakia. Legal basis: steps before and for the contract (Art. 6(1)(b)) and our legal obligations as an employer (Art. 6(1)(c)).
- Platform accounts and earnings: the delivery platform accounts linked to you, the hours, deliveries and amounts the platforms report, your pay statements, payouts and questions about pay. Purpose: to pay you weekly and keep the accounts. Legal basis: the contract (Art. 6(1)(b)) and accounting and tax law (Art. 6(1)(c)).
- Bank details: IBAN and account holder. Purpose: to send your pay. Legal basis: the contract (Art. 6(1)(b)).
- Vehicles: vehicle requests, leases, handover photos and records of damage, your agreement to the deduction of rent (its wording's version and time) and, when you take a moped, the category and last four characters of the driving licence we saw. Purpose: to lend you a vehicle and settle damage as agreed. Legal basis: the contract (Art. 6(1)(b)) and our legitimate interest in protecting our vehicles (Art. 6(1)(f)).
- Problem reports: what you report, its photos or videos and our replies. Purpose: to help you on the road. Legal basis: the contract (Art. 6(1)(b)).
- Messages to you: your notification choices and, if you connect them, your Telegram chat (its number) and your phones' notification subscriptions (the address of your browser's push service and its keys, and the browser's name). Purpose: to tell you about decisions where you read them. Legal basis: the contract (Art. 6(1)(b)); Telegram and phone notifications only at your request, which you withdraw by disconnecting or turning them off. What we send you there passes through Telegram, or encrypted through your browser's push service (Google, Apple or Mozilla), possibly outside the EU, because you asked for it (Art. 49(1)(b)).
- Site traffic: pages are counted per day without any personal data; a referral link click is counted once per day by a keyed hash of the address, never the address itself. Legal basis: our legitimate interest (Art. 6(1)(f)).
- The versions of these texts you were shown, at registration and later. Legal basis: our legal obligation to show that we informed you (Art. 6(1)(c)).

Without the data of your account and application we cannot work with you; everything else follows from the cooperation.

## Who receives your data

- the delivery platforms you deliver for (the account link and your hours, to match earnings);
- our bank (your payouts) and our accountant (pay records);
- the Social Insurance Agency, your health insurer and the tax office, as the law requires;
- our hosting provider, which stores the service on our behalf.

We do not transfer your data outside the European Union, except the messages you ask us to send you through Telegram or your browser's push service (above).

## How long we keep it

- Account and application: as long as your account exists; erasing the account deletes them.
- Identity documents of a rejected application: ${r.rejectedDocumentDays} days after the decision.
- Pay statements and payouts: ${r.payRecordYears} years after the year they concern (Act No. 431/2002 Coll. on Accounting, § 35); they stay after the account is erased.
- Log-in sessions: at most ${r.sessionDays} days; remembered browsers: ${r.deviceDays} days after the last use.
- Site traffic: daily counts only; the referral click hash for one day.

## Your rights

You may access your data and take a copy of it (portability): "Download my data" on your dashboard gives you all of it at once. You may ask us to correct it (rectification), erase it (erasure), restrict it, or object to processing based on our legitimate interest. Write to ${c.email}.

You may lodge a complaint with the supervisory authority: ${AUTHORITY}.
`,
  sk: ({ controller: c, retention: r }) => `
## Kto zodpovedá za vaše údaje

Prevádzkovateľom vašich osobných údajov je ${c.name}, ${c.address} (${c.registration}). Vo všetkom, čo sa týka tohto oznámenia, nám napíšte na ${c.email} alebo zavolajte na ${c.phone}.

## Čo spracúvame, prečo a na akom právnom základe

- Váš účet: e-mailová adresa, heslo (uložené len ako odtlačok), jazyk, história stavu, prihlásenia a zapamätané prehliadače, u administrátorov aj druhý faktor. Účel: prístup k službe a bezpečnosť účtu. Právny základ: zmluva s vami (čl. 6 ods. 1 písm. b) GDPR) a náš oprávnený záujem na bezpečnosti (čl. 6 ods. 1 písm. f)).
- Vaša žiadosť o prácu a doklady totožnosti: meno, dátum narodenia, telefón, štátna príslušnosť, nahrané súbory (pas alebo občiansky preukaz, povolenie na pobyt alebo doklad o dočasnom útočisku) a neskoršie doklady o práve na pobyt a pripomienky ich platnosti. Účel: rozhodnutie o spolupráci a overenie, že smiete na Slovensku pracovať. Právny základ: kroky pred uzavretím zmluvy a zmluva (čl. 6 ods. 1 písm. b)) a naše zákonné povinnosti zamestnávateľa (čl. 6 ods. 1 písm. c)).
- Účty na platformách a zárobky: účty doručovacích platforiem priradené k vám, hodiny, doručenia a sumy, ktoré platformy hlásia, vaše výplatné výkazy, výplaty a otázky k výplate. Účel: týždenná výplata a účtovníctvo. Právny základ: zmluva (čl. 6 ods. 1 písm. b)) a účtovné a daňové predpisy (čl. 6 ods. 1 písm. c)).
- Bankové údaje: IBAN a majiteľ účtu. Účel: poslanie výplaty. Právny základ: zmluva (čl. 6 ods. 1 písm. b)).
- Vozidlá: žiadosti o vozidlo, prenájmy, fotografie z odovzdania a záznamy o poškodení, váš súhlas so zrážkou nájomného (verzia znenia a čas) a pri prevzatí mopedu skupina a posledné štyri znaky vodičského preukazu, ktorý sme videli. Účel: požičanie vozidla a vyrovnanie škôd podľa dohody. Právny základ: zmluva (čl. 6 ods. 1 písm. b)) a náš oprávnený záujem na ochrane vozidiel (čl. 6 ods. 1 písm. f)).
- Hlásenia problémov: čo nahlásite, fotografie alebo videá a naše odpovede. Účel: pomoc na ceste. Právny základ: zmluva (čl. 6 ods. 1 písm. b)).
- Správy pre vás: vaše nastavenia upozornení a, ak ich pripojíte, váš chat v Telegrame (jeho číslo) a odbery upozornení vašich telefónov (adresa push služby vášho prehliadača, jej kľúče a názov prehliadača). Účel: oznamovať vám rozhodnutia tam, kde ich čítate. Právny základ: zmluva (čl. 6 ods. 1 písm. b)); Telegram a upozornenia v telefóne len na vašu žiadosť, ktorú odvoláte ich odpojením alebo vypnutím. Čo vám tam pošleme, prechádza cez Telegram alebo zašifrované cez push službu vášho prehliadača (Google, Apple alebo Mozilla), prípadne mimo EÚ, pretože ste o to požiadali (čl. 49 ods. 1 písm. b)).
- Návštevnosť stránky: stránky počítame po dňoch bez osobných údajov; kliknutie na odporúčací odkaz sa počíta raz za deň podľa kľúčovaného odtlačku adresy, nikdy nie samotnej adresy. Právny základ: náš oprávnený záujem (čl. 6 ods. 1 písm. f)).
- Verzie týchto textov, ktoré vám boli zobrazené pri registrácii a neskôr. Právny základ: naša zákonná povinnosť preukázať, že sme vás informovali (čl. 6 ods. 1 písm. c)).

Bez údajov účtu a žiadosti s vami nemôžeme spolupracovať; ostatné vyplýva zo spolupráce.

## Kto dostáva vaše údaje

- doručovacie platformy, pre ktoré doručujete (priradenie účtu a vaše hodiny na spárovanie zárobkov);
- naša banka (vaše výplaty) a náš účtovník (mzdové záznamy);
- Sociálna poisťovňa, vaša zdravotná poisťovňa a daňový úrad, ako ukladá zákon;
- náš poskytovateľ hostingu, ktorý službu prevádzkuje v našom mene.

Vaše údaje neprenášame mimo Európskej únie, okrem správ, ktoré nás požiadate posielať cez Telegram alebo push službu vášho prehliadača (vyššie).

## Ako dlho ich uchovávame

- Účet a žiadosť: kým váš účet existuje; vymazaním účtu sa vymažú.
- Doklady totožnosti zamietnutej žiadosti: ${r.rejectedDocumentDays} dní po rozhodnutí.
- Výplatné výkazy a výplaty: ${r.payRecordYears} rokov po roku, ktorého sa týkajú (zákon č. 431/2002 Z. z. o účtovníctve, § 35); zostávajú aj po vymazaní účtu.
- Prihlásenia: najviac ${r.sessionDays} dní; zapamätané prehliadače: ${r.deviceDays} dní od posledného použitia.
- Návštevnosť stránky: len denné počty; odtlačok kliknutia na odporúčací odkaz jeden deň.

## Vaše práva

Máte právo na prístup k údajom a na ich prenosnosť: „Stiahnuť moje údaje“ na vašej nástenke vám ich dá všetky naraz. Môžete žiadať o opravu, vymazanie, obmedzenie spracúvania alebo namietať spracúvanie na základe oprávneného záujmu. Napíšte na ${c.email}.

Môžete podať sťažnosť dozornému orgánu: ${AUTHORITY}.
`,
  ua: ({ controller: c, retention: r }) => `
## Хто відповідає за ваші дані

Контролером ваших персональних даних є ${c.name}, ${c.address} (${c.registration}). З усіх питань щодо цього повідомлення пишіть на ${c.email} або телефонуйте ${c.phone}.

## Що ми обробляємо, навіщо і на якій правовій підставі

- Ваш обліковий запис: адреса електронної пошти, пароль (зберігається лише як хеш), мова, історія статусу, сеанси входу та запам’ятовані браузери, для адміністраторів також другий фактор. Мета: доступ до сервісу та безпека облікового запису. Правова підстава: договір з вами (ст. 6(1)(b) GDPR) і наш законний інтерес у безпеці (ст. 6(1)(f)).
- Ваша заявка на роботу та документи, що посвідчують особу: ім’я, дата народження, телефон, громадянство, завантажені файли (паспорт або посвідчення особи, дозвіл на проживання або документ про тимчасовий захист) і пізніші документи про право на перебування з нагадуваннями про них. Мета: рішення про співпрацю та перевірка вашого права працювати в Словаччині. Правова підстава: дії до укладення договору та договір (ст. 6(1)(b)) і наші обов’язки роботодавця за законом (ст. 6(1)(c)).
- Облікові записи на платформах і заробіток: облікові записи платформ доставки, пов’язані з вами, години, доставки та суми, які повідомляють платформи, ваші розрахункові листи, виплати та питання щодо оплати. Мета: щотижнева оплата і бухгалтерський облік. Правова підстава: договір (ст. 6(1)(b)) і бухгалтерське та податкове законодавство (ст. 6(1)(c)).
- Банківські реквізити: IBAN і власник рахунку. Мета: переказ оплати. Правова підстава: договір (ст. 6(1)(b)).
- Транспортні засоби: запити на транспортний засіб, оренди, фотографії передачі та записи про пошкодження, ваша згода на утримання оренди (версія тексту та час) і, коли ви берете мопед, категорія та останні чотири символи посвідчення водія, яке ми бачили. Мета: надати вам транспорт і врегулювати шкоду за домовленістю. Правова підстава: договір (ст. 6(1)(b)) і наш законний інтерес у захисті транспорту (ст. 6(1)(f)).
- Повідомлення про проблеми: що ви повідомляєте, фото чи відео та наші відповіді. Мета: допомога в дорозі. Правова підстава: договір (ст. 6(1)(b)).
- Повідомлення вам: ваші налаштування сповіщень і, якщо ви їх підключите, ваш чат у Telegram (його номер) та підписки на сповіщення ваших телефонів (адреса push-служби вашого браузера, її ключі та назва браузера). Мета: повідомляти вам про рішення там, де ви їх читаєте. Правова підстава: договір (ст. 6(1)(b)); Telegram і сповіщення на телефоні лише на ваше прохання, яке ви відкликаєте, від’єднавши або вимкнувши їх. Те, що ми вам туди надсилаємо, проходить через Telegram або в зашифрованому вигляді через push-службу вашого браузера (Google, Apple чи Mozilla), можливо поза ЄС, бо ви про це попросили (ст. 49(1)(b)).
- Відвідуваність сайту: сторінки рахуються по днях без персональних даних; перехід за реферальним посиланням рахується раз на день за ключовим хешем адреси, ніколи не за самою адресою. Правова підстава: наш законний інтерес (ст. 6(1)(f)).
- Версії цих текстів, які вам показали під час реєстрації та пізніше. Правова підстава: наш обов’язок за законом довести, що ми вас поінформували (ст. 6(1)(c)).

Без даних облікового запису та заявки ми не можемо з вами співпрацювати; решта випливає зі співпраці.

## Хто отримує ваші дані

- платформи доставки, для яких ви доставляєте (прив’язка облікового запису та ваші години для звірки заробітку);
- наш банк (ваші виплати) і наш бухгалтер (облік оплати праці);
- Соціальна страхова компанія, ваша медична страхова компанія та податкова служба, як вимагає закон;
- наш хостинг-провайдер, який зберігає сервіс від нашого імені.

Ми не передаємо ваші дані за межі Європейського Союзу, крім повідомлень, які ви просите надсилати через Telegram або push-службу вашого браузера (вище).

## Як довго ми їх зберігаємо

- Обліковий запис і заявка: поки існує ваш обліковий запис; видалення облікового запису видаляє їх.
- Документи, що посвідчують особу, відхиленої заявки: ${r.rejectedDocumentDays} днів після рішення.
- Розрахункові листи та виплати: ${r.payRecordYears} років після року, якого вони стосуються (Закон № 431/2002 Зб. про бухгалтерський облік, § 35); вони залишаються і після видалення облікового запису.
- Сеанси входу: щонайбільше ${r.sessionDays} днів; запам’ятовані браузери: ${r.deviceDays} днів після останнього використання.
- Відвідуваність сайту: лише щоденні підрахунки; хеш переходу за реферальним посиланням — один день.

## Ваші права

Ви маєте право на доступ до своїх даних і на їх перенесення: «Завантажити мої дані» на вашій панелі дає їх усі одразу. Ви можете вимагати виправлення, видалення, обмеження обробки або заперечити проти обробки на підставі законного інтересу. Пишіть на ${c.email}.

Ви можете подати скаргу до наглядового органу: ${AUTHORITY}.
`,
};

const TERMS: Record<Language, (facts: LegalFacts) => string> = {
  en: ({ controller: c }) => `
## The service

${c.name} (${c.address}, ${c.registration}) runs this service to find couriers, lend them vehicles and pay them weekly for deliveries through the delivery platforms.

## Who may apply

Anyone 16 or older who has the right to work in Slovakia. Citizens of Ukraine with temporary protection in Slovakia need no work permit. Couriers work under an agreement with the company (dohoda o vykonaní práce, or for students dohoda o brigádnickej práci študentov), not as self-employed, so no trade licence is needed.

## The courier's duties

- to give true information and genuine documents, and to tell us when they change;
- to take care of the vehicle lent to them and use it only for the work;
- to report any damage or accident within 24 hours;
- to follow the rules of the road.

## The company's duties

- to pay weekly as stated in the pay statement;
- to lend a roadworthy vehicle and to service and repair it.

## Rent and damage

Scooter rent and the cost of damage are deducted from weekly pay only with the courier's written agreement, given when requesting a vehicle, and only as that agreement says.

## Ending the cooperation

Either side may end the cooperation as the agreement says; the courier returns the vehicle at a handover on the agreed day, and the last pay is settled with the next payday.

## Law

Slovak law applies. Questions: ${c.email}, ${c.phone}.
`,
  sk: ({ controller: c }) => `
## Služba

${c.name} (${c.address}, ${c.registration}) prevádzkuje túto službu, aby našla kuriérov, požičala im vozidlá a týždenne im platila za doručenia cez doručovacie platformy.

## Kto sa môže prihlásiť

Každý, kto má aspoň 16 rokov a smie pracovať na Slovensku. Občania Ukrajiny s dočasným útočiskom na Slovensku nepotrebujú povolenie na zamestnanie. Kuriéri pracujú na dohodu so spoločnosťou (dohoda o vykonaní práce, pre študentov dohoda o brigádnickej práci študentov), nie ako živnostníci, takže živnosť nepotrebujú.

## Povinnosti kuriéra

- uvádzať pravdivé údaje a pravé doklady a oznámiť nám ich zmenu;
- starať sa o požičané vozidlo a používať ho len na prácu;
- nahlásiť každé poškodenie alebo nehodu do 24 hodín;
- dodržiavať pravidlá cestnej premávky.

## Povinnosti spoločnosti

- platiť týždenne podľa výplatného výkazu;
- požičať vozidlo spôsobilé na prevádzku a zabezpečiť jeho servis a opravy.

## Nájomné a škody

Nájomné za skúter a náklady na škody sa zrážajú z týždennej výplaty len s písomným súhlasom kuriéra (dohoda o zrážkach zo mzdy), daným pri žiadosti o vozidlo, a len tak, ako v ňom stojí.

## Skončenie spolupráce

Ktorákoľvek strana môže spoluprácu skončiť podľa dohody; kuriér vráti vozidlo pri odovzdaní v dohodnutý deň a posledná výplata sa vyrovná najbližší výplatný deň.

## Právo

Platí slovenské právo. Otázky: ${c.email}, ${c.phone}.
`,
  ua: ({ controller: c }) => `
## Сервіс

${c.name} (${c.address}, ${c.registration}) керує цим сервісом, щоб знаходити кур’єрів, надавати їм транспорт і щотижня платити за доставки через платформи доставки.

## Хто може подати заявку

Кожен, кому виповнилося 16 років і хто має право працювати в Словаччині. Громадянам України з тимчасовим захистом у Словаччині дозвіл на роботу не потрібен. Кур’єри працюють за угодою з компанією (dohoda o vykonaní práce, для студентів dohoda o brigádnickej práci študentov), а не як самозайняті, тож ліцензія на підприємницьку діяльність (živnosť) не потрібна.

## Обов’язки кур’єра

- надавати правдиві дані та справжні документи й повідомляти нам про їх зміну;
- дбати про наданий транспорт і використовувати його лише для роботи;
- повідомляти про будь-яке пошкодження чи аварію протягом 24 годин;
- дотримуватися правил дорожнього руху.

## Обов’язки компанії

- платити щотижня згідно з розрахунковим листом;
- надавати справний транспорт, обслуговувати й ремонтувати його.

## Оренда та шкода

Оренда скутера та вартість шкоди утримуються з щотижневої оплати лише за письмовою згодою кур’єра (dohoda o zrážkach zo mzdy), наданою під час запиту транспорту, і лише так, як у ній сказано.

## Припинення співпраці

Кожна сторона може припинити співпрацю відповідно до угоди; кур’єр повертає транспорт під час передачі в узгоджений день, а остання оплата здійснюється в найближчий день виплати.

## Право

Застосовується право Словаччини. Питання: ${c.email}, ${c.phone}.
`,
};
