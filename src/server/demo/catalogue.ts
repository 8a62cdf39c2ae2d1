/** A small, realistic AU-market catalogue for demo stock. Prices are new prices in AUD. */
export type ModelSpec = {
  model: string;
  body: string;
  badges: string[];
  price: [number, number];
  fuel?: string[];
  seats?: number;
  doors?: number;
  drive?: string[];
  transmission?: string[];
  /** campers and caravans: sleeps, ATM and tare (kg), length (mm) */
  berths?: number;
  atmKg?: number;
  tareKg?: number;
  lengthMm?: number;
};


export const CATALOGUE: Record<string, ModelSpec[]> = {
  Suzuki: [
    { model: "Swift", body: "hatch", badges: ["GL", "GLX Turbo", "Sport"], price: [22990, 33990], fuel: ["Petrol", "Hybrid"], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "Vitara", body: "SUV", badges: ["Base", "Turbo ALLGRIP"], price: [30990, 42990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
    { model: "Jimny", body: "SUV", badges: ["Lite", "XL"], price: [34990, 39990], seats: 4, doors: 3, drive: ["4WD"], transmission: ["Manual", "Automatic"] },
    { model: "S-Cross", body: "SUV", badges: ["Plus", "Prestige"], price: [36990, 45990], seats: 5, doors: 5, drive: ["AWD"] },
  ],
  Mazda: [
    { model: "Mazda3", body: "hatch", badges: ["G20 Pure", "G25 Evolve", "X20 Astina"], price: [32990, 45990], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "CX-5", body: "SUV", badges: ["Maxx", "Touring", "Akera"], price: [38990, 56990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
    { model: "CX-30", body: "SUV", badges: ["G20 Pure", "G25 Astina"], price: [34990, 49990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
    { model: "BT-50", body: "utility", badges: ["XS", "XT", "GT", "Thunder"], price: [45990, 68990], fuel: ["Diesel"], seats: 5, doors: 4, drive: ["4WD", "RWD"] },
    { model: "CX-60", body: "SUV", badges: ["G40e Evolve", "P50e GT"], price: [59990, 84990], fuel: ["Petrol", "Plug-in Hybrid"], seats: 5, doors: 5, drive: ["AWD"] },
    { model: "MX-5", body: "convertible", badges: ["Roadster", "RF GT"], price: [44990, 55990], seats: 2, doors: 2, drive: ["RWD"], transmission: ["Manual", "Automatic"] },
  ],
  "Mercedes-Benz": [
    { model: "A-Class", body: "hatch", badges: ["A200", "A250 4MATIC"], price: [59990, 75990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
    { model: "C-Class", body: "sedan", badges: ["C200", "C300"], price: [79990, 99990], seats: 5, doors: 4, drive: ["RWD"] },
    { model: "GLC", body: "SUV", badges: ["GLC 300 4MATIC"], price: [94990, 119990], seats: 5, doors: 5, drive: ["AWD"] },
    { model: "EQA", body: "SUV", badges: ["EQA 250"], price: [76990, 84990], fuel: ["Electric"], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "Sprinter", body: "van", badges: ["315 CDI", "519 CDI"], price: [74990, 109990], fuel: ["Diesel"], seats: 3, doors: 4, drive: ["RWD"] },
  ],
  Skoda: [
    { model: "Fabia", body: "hatch", badges: ["110TSI Monte Carlo"], price: [29990, 37990], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "Octavia", body: "wagon", badges: ["110TSI Style", "RS"], price: [39990, 54990], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "Karoq", body: "SUV", badges: ["110TSI Select", "140TSI Sportline"], price: [41990, 51990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
    { model: "Kodiaq", body: "SUV", badges: ["Select", "Sportline", "RS"], price: [49990, 64990], seats: 7, doors: 5, drive: ["AWD"] },
  ],
  KGM: [
    { model: "Rexton", body: "SUV", badges: ["ELX", "Ultimate"], price: [54990, 64990], fuel: ["Diesel"], seats: 7, doors: 5, drive: ["4WD"] },
    { model: "Musso", body: "utility", badges: ["ELX", "Ultimate XLV"], price: [39990, 54990], fuel: ["Diesel"], seats: 5, doors: 4, drive: ["4WD"] },
    { model: "Torres", body: "SUV", badges: ["ELX", "Ultimate"], price: [41990, 51990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
    { model: "Korando", body: "SUV", badges: ["ELX", "Ultimate"], price: [35990, 43990], seats: 5, doors: 5, drive: ["FWD"] },
  ],
  Toyota: [
    { model: "Corolla", body: "hatch", badges: ["Ascent Sport", "SX", "ZR"], price: [28990, 38990], fuel: ["Petrol", "Hybrid"], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "HiLux", body: "utility", badges: ["Workmate", "SR5", "Rogue"], price: [38990, 72990], fuel: ["Diesel"], seats: 5, doors: 4, drive: ["4WD", "RWD"] },
    { model: "RAV4", body: "SUV", badges: ["GX", "GXL", "Cruiser"], price: [39990, 55990], fuel: ["Hybrid"], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
    { model: "LandCruiser", body: "SUV", badges: ["GXL", "Sahara"], price: [99990, 139990], fuel: ["Diesel"], seats: 7, doors: 5, drive: ["4WD"] },
    { model: "HiAce Commuter", body: "bus", badges: ["Commuter"], price: [74990, 82990], fuel: ["Diesel"], seats: 12, doors: 4, drive: ["RWD"] },
  ],
  Ford: [
    { model: "Ranger", body: "utility", badges: ["XL", "XLT", "Wildtrak", "Raptor"], price: [42990, 89990], fuel: ["Diesel"], seats: 5, doors: 4, drive: ["4WD"] },
    { model: "Everest", body: "SUV", badges: ["Ambiente", "Trend", "Platinum"], price: [55990, 82990], fuel: ["Diesel"], seats: 7, doors: 5, drive: ["4WD"] },
    { model: "Focus", body: "hatch", badges: ["Trend", "ST-Line"], price: [28990, 36990], seats: 5, doors: 5, drive: ["FWD"] },
  ],
  Hyundai: [
    { model: "i30", body: "hatch", badges: ["Active", "Elite", "N Line"], price: [26990, 38990], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "Tucson", body: "SUV", badges: ["Elite", "Highlander"], price: [36990, 52990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
  ],
  Kia: [
    { model: "Cerato", body: "sedan", badges: ["S", "Sport+"], price: [26990, 34990], seats: 5, doors: 4, drive: ["FWD"] },
    { model: "Sportage", body: "SUV", badges: ["S", "SX", "GT-Line"], price: [35990, 52990], seats: 5, doors: 5, drive: ["FWD", "AWD"] },
  ],
  Mitsubishi: [
    { model: "Triton", body: "utility", badges: ["GLX", "GLS"], price: [38990, 59990], fuel: ["Diesel"], seats: 5, doors: 4, drive: ["4WD"] },
    { model: "Outlander", body: "SUV", badges: ["ES", "Exceed"], price: [36990, 55990], seats: 7, doors: 5, drive: ["FWD", "AWD"] },
  ],
  Volkswagen: [
    { model: "Golf", body: "hatch", badges: ["Life", "R-Line", "GTI"], price: [34990, 56990], seats: 5, doors: 5, drive: ["FWD"] },
    { model: "Amarok", body: "utility", badges: ["Core", "Style", "Aventura"], price: [54990, 79990], fuel: ["Diesel"], seats: 5, doors: 4, drive: ["4WD"] },
  ],
  Nissan: [
    { model: "X-Trail", body: "SUV", badges: ["ST", "ST-L", "Ti"], price: [37990, 55990], seats: 7, doors: 5, drive: ["FWD", "AWD"] },
    { model: "Navara", body: "utility", badges: ["SL", "ST-X", "PRO-4X"], price: [42990, 66990], fuel: ["Diesel"], seats: 5, doors: 4, drive: ["4WD"] },
  ],
  Honda: [
    { model: "Civic", body: "sedan", badges: ["VTi-LX", "Type R"], price: [38990, 72990], seats: 5, doors: 4, drive: ["FWD"] },
    { model: "CR-V", body: "SUV", badges: ["VTi", "VTi L7"], price: [41990, 56990], seats: 7, doors: 5, drive: ["FWD", "AWD"] },
  ],
  Subaru: [
    { model: "Outback", body: "wagon", badges: ["AWD", "Touring"], price: [44990, 58990], seats: 5, doors: 5, drive: ["AWD"] },
    { model: "Forester", body: "SUV", badges: ["2.5i", "2.5i-S"], price: [38990, 52990], seats: 5, doors: 5, drive: ["AWD"] },
  ],
  // Motorcycles
  Yamaha: [
    { model: "MT-07", body: "naked", badges: ["LAMS", "Full Power"], price: [11999, 13499], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "MT-09", body: "naked", badges: ["Base", "SP"], price: [17499, 21999], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "YZF-R3", body: "sport", badges: ["LAMS"], price: [8999, 9799], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "YZF-R7", body: "sport", badges: ["Full Power"], price: [14999, 15999], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "Tenere 700", body: "adventure", badges: ["Base", "World Raid"], price: [19499, 25499], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "WR450F", body: "enduro", badges: ["Base"], price: [15499, 15999], seats: 1, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "TW200", body: "trail", badges: ["Base"], price: [7999, 8499], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
  ],
  Kawasaki: [
    { model: "Ninja 400", body: "sport", badges: ["LAMS"], price: [8999, 9999], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "Z900", body: "naked", badges: ["Base", "SE"], price: [15999, 18999], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "Versys 650", body: "adventure", badges: ["LAMS"], price: [12999, 13999], seats: 2, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
    { model: "KLX300", body: "trail", badges: ["Base"], price: [9499, 9999], seats: 1, doors: 0, drive: ["Chain"], transmission: ["Manual"] },
  ],
  // Campers and caravans (NZ)
  Jayco: [
    { model: "Conquest", body: "motorhome", badges: ["FA25-2"], price: [189000, 219000], fuel: ["Diesel"], seats: 4, doors: 2, drive: ["FWD"], berths: 4, lengthMm: 7490 },
    { model: "Journey", body: "caravan", badges: ["Outback 21.6"], price: [79000, 94000], fuel: ["None"], seats: 0, doors: 1, drive: ["Towed"], transmission: ["None"], berths: 4, atmKg: 2800, tareKg: 2230, lengthMm: 8350 },
  ],
  Winnebago: [
    { model: "Leura", body: "motorhome", badges: ["C7310"], price: [229000, 249000], fuel: ["Diesel"], seats: 4, doors: 2, drive: ["FWD"], berths: 4, lengthMm: 7310 },
    { model: "Esperance", body: "campervan", badges: ["Hi-Top"], price: [149000, 169000], fuel: ["Diesel"], seats: 2, doors: 3, drive: ["FWD"], berths: 2, lengthMm: 5990 },
  ],
  "Trail-Lite": [
    { model: "Pursuit", body: "campervan", badges: ["2-Berth"], price: [139000, 159000], fuel: ["Diesel"], seats: 2, doors: 3, drive: ["FWD"], berths: 2, lengthMm: 6360 },
  ],
  Bailey: [{ model: "Discovery", body: "caravan", badges: ["D4-4"], price: [59000, 69000], fuel: ["None"], seats: 0, doors: 1, drive: ["Towed"], transmission: ["None"], berths: 4, atmKg: 1700, tareKg: 1398, lengthMm: 6720 }],
  // Trucks
  Isuzu: [
    { model: "NPR", body: "cab chassis", badges: ["75-190 AMT"], price: [89990, 104990], fuel: ["Diesel"], seats: 3, doors: 2, drive: ["RWD"] },
    { model: "FRR", body: "tipper", badges: ["110-240"], price: [149990, 169990], fuel: ["Diesel"], seats: 3, doors: 2, drive: ["RWD"] },
    { model: "Giga", body: "prime mover", badges: ["EXY 455"], price: [289990, 329990], fuel: ["Diesel"], seats: 2, doors: 2, drive: ["6x4"] },
  ],
  Hino: [
    { model: "300 Series", body: "tray", badges: ["917 Wide Cab"], price: [94990, 109990], fuel: ["Diesel"], seats: 3, doors: 2, drive: ["RWD"] },
    { model: "500 Series", body: "pantech", badges: ["FD 1124"], price: [169990, 189990], fuel: ["Diesel"], seats: 3, doors: 2, drive: ["RWD"] },
  ],
  Fuso: [
    { model: "Canter", body: "tray", badges: ["515 Wide"], price: [79990, 92990], fuel: ["Diesel"], seats: 3, doors: 2, drive: ["RWD"] },
    { model: "Rosa", body: "bus", badges: ["Deluxe"], price: [149990, 164990], fuel: ["Diesel"], seats: 25, doors: 2, drive: ["RWD"] },
  ],
  Kenworth: [{ model: "T610", body: "prime mover", badges: ["SAR"], price: [349990, 389990], fuel: ["Diesel"], seats: 2, doors: 2, drive: ["6x4"], transmission: ["Manual", "Automated Manual"] }],
  // RVs (US)
  "Thor Motor Coach": [
    { model: "Four Winds", body: "class c motorhome", badges: ["28A"], price: [139000, 159000], fuel: ["Gasoline"], seats: 6, doors: 2, drive: ["RWD"], berths: 6, lengthMm: 9140 },
    { model: "Chateau", body: "class c motorhome", badges: ["31WV"], price: [149000, 169000], fuel: ["Gasoline"], seats: 6, doors: 2, drive: ["RWD"], berths: 8, lengthMm: 9750 },
  ],
  Airstream: [{ model: "Flying Cloud", body: "travel trailer", badges: ["25FB"], price: [119000, 129000], fuel: ["None"], seats: 0, doors: 1, drive: ["Towed"], transmission: ["None"], berths: 5, atmKg: 3402, tareKg: 2676, lengthMm: 7620 }],
  "Forest River": [{ model: "Rockwood", body: "fifth wheel", badges: ["Signature 281RK"], price: [79000, 94000], fuel: ["None"], seats: 0, doors: 1, drive: ["Towed"], transmission: ["None"], berths: 4, atmKg: 6350, tareKg: 4990, lengthMm: 10060 }],
};

export const COLOURS: Array<{ name: string; hex: string }> = [
  { name: "White", hex: "#f2f2f0" },
  { name: "Black", hex: "#1c1c1e" },
  { name: "Silver", hex: "#b8bcc2" },
  { name: "Grey", hex: "#6b7078" },
  { name: "Blue", hex: "#1f4e9c" },
  { name: "Red", hex: "#b3202a" },
  { name: "Green", hex: "#2e5e3e" },
  { name: "Orange", hex: "#d9731a" },
];

export const colourHex = (name: string) => COLOURS.find((c) => c.name.toLowerCase() === name.toLowerCase())?.hex ?? "#9aa0a6";
