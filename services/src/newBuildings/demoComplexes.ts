import type { ResidentialComplexDetails } from '@estate/events/catalogue/newBuildings';

type Demo = { id: string; details: ResidentialComplexDetails };

// odd numbers of the demo image route draw a facade, even ones a room
const images = (n: number) => [n, n + 2, n + 1].map((k) => ({ path: `/storage/demo/${k}.svg` }));

const complex = (
  id: string, name: string, developer: string, locationId: string, fullAddress: string, lat: number, lon: number,
  c: Pick<ResidentialComplexDetails, 'class' | 'stage' | 'wallMaterial' | 'finish' | 'parking' | 'floorsCount' | 'priceFrom'> & { year: number; quarter: number },
  description: string,
): Demo => ({
  id,
  details: {
    name, developer, description, address: { locationId, locationName: '', fullAddress, geo: { lat, lon } },
    class: c.class, stage: c.stage, deadline: { year: c.year, quarter: c.quarter }, wallMaterial: c.wallMaterial, finish: c.finish, parking: c.parking,
    floorsCount: c.floorsCount, priceFrom: c.priceFrom, images: images(Number(id.slice(-2)) * 10 + 1),
  },
});

/** Realistic, invented complexes across the demo cities; every class, stage, finish and parking occurs. */
export const DEMO_COMPLEXES: Demo[] = [
  complex('demo-rc-01', 'ЖК «Северный парк»', 'ГК «Столица Девелопмент»', '1', 'Москва, Дмитровское шоссе, 107', 55.8796, 37.5482,
    { class: 2, stage: 2, year: 2026, quarter: 2, wallMaterial: 7, finish: 1, parking: 2, floorsCount: 25, priceFrom: 11_900_000 }, 'Квартал из пяти корпусов у парка, школа и детский сад во дворе.'),
  complex('demo-rc-02', 'ЖК «Остоженка Резиденс»', 'Арбат Эстейт', '1', 'Москва, ул. Остоженка, 14', 55.7405, 37.5971,
    { class: 4, stage: 4, year: 2023, quarter: 4, wallMaterial: 8, finish: 2, parking: 2, floorsCount: 9, priceFrom: 96_000_000 }, 'Клубный дом в Золотой миле: 48 резиденций, консьерж-сервис, закрытая территория.'),
  complex('demo-rc-03', 'ЖК «Лефортово Сити»', 'ГК «Столица Девелопмент»', '1', 'Москва, Авиамоторная ул., 8', 55.7519, 37.7163,
    { class: 3, stage: 3, year: 2025, quarter: 3, wallMaterial: 7, finish: 1, parking: 2, floorsCount: 32, priceFrom: 18_700_000 }, 'Бизнес-класс у метро Авиамоторная, панорамные окна и двухуровневый паркинг.'),
  complex('demo-rc-04', 'ЖК «Бутово Парк 2»', 'Зелёный квартал', '1', 'Москва, ул. Поляны, 5', 55.5450, 37.5400,
    { class: 1, stage: 1, year: 2028, quarter: 1, wallMaterial: 10, finish: 1, parking: 1, floorsCount: 17, priceFrom: 8_200_000 }, 'Доступные квартиры с отделкой рядом с Бутовским лесопарком.'),
  complex('demo-rc-05', 'ЖК «Невская набережная»', 'Балтийская строительная компания', '2', 'Санкт-Петербург, Октябрьская наб., 40', 59.9061, 30.4640,
    { class: 3, stage: 2, year: 2026, quarter: 4, wallMaterial: 8, finish: 2, parking: 2, floorsCount: 16, priceFrom: 13_400_000 }, 'Первая линия Невы, видовые квартиры и собственная набережная.'),
  complex('demo-rc-06', 'ЖК «Петровский остров»', 'Северная столица', '2', 'Санкт-Петербург, Петровский пр., 9', 59.9580, 30.2550,
    { class: 4, stage: 3, year: 2025, quarter: 2, wallMaterial: 4, finish: 2, parking: 2, floorsCount: 12, priceFrom: 42_000_000 }, 'Элитный квартал на острове между Малой Невкой и Ждановкой.'),
  complex('demo-rc-07', 'ЖК «Приморский квартал»', 'Балтийская строительная компания', '2', 'Санкт-Петербург, Приморский пр., 54', 59.9860, 30.2380,
    { class: 2, stage: 4, year: 2022, quarter: 3, wallMaterial: 10, finish: 1, parking: 1, floorsCount: 22, priceFrom: 9_600_000 }, 'Сданный дом рядом с ЦПКиО, в шаговой доступности метро Старая Деревня.'),
  complex('demo-rc-08', 'ЖК «Химки Лайф»', 'Подмосковье Строй', '11', 'Химки, ул. Молодёжная, 64', 55.9011, 37.4420,
    { class: 2, stage: 2, year: 2027, quarter: 1, wallMaterial: 7, finish: 1, parking: 1, floorsCount: 24, priceFrom: 7_900_000 }, 'Семейный квартал у канала имени Москвы, 15 минут до Ховрино.'),
  complex('demo-rc-09', 'ЖК «Мурино Парк»', 'Северная столица', '18', 'Мурино, бульвар Менделеева, 11', 60.0470, 30.4490,
    { class: 1, stage: 3, year: 2025, quarter: 4, wallMaterial: 2, finish: 1, parking: 3, floorsCount: 12, priceFrom: 4_900_000 }, 'Недорогие квартиры с ремонтом в пяти минутах от метро Девяткино.'),
  complex('demo-rc-10', 'ЖК «Академический»', 'Сибирь Девелопмент', '3', 'Новосибирск, ул. Ильича, 21', 54.8400, 83.1100,
    { class: 2, stage: 2, year: 2026, quarter: 3, wallMaterial: 6, finish: 1, parking: 1, floorsCount: 14, priceFrom: 6_300_000 }, 'Дома в сосновом лесу Академгородка рядом с университетом.'),
  complex('demo-rc-11', 'ЖК «Уральские зори»', 'УралСтройИнвест', '4', 'Екатеринбург, ул. Вильгельма де Геннина, 33', 56.7900, 60.5200,
    { class: 1, stage: 4, year: 2023, quarter: 2, wallMaterial: 5, finish: 1, parking: 1, floorsCount: 10, priceFrom: 5_100_000 }, 'Сданные дома в Академическом районе со всей инфраструктурой.'),
  complex('demo-rc-12', 'ЖК «Казанская ривьера»', 'Татстрой Девелопмент', '5', 'Казань, ул. Федосеевская, 37', 55.8030, 49.1340,
    { class: 3, stage: 2, year: 2027, quarter: 2, wallMaterial: 7, finish: 2, parking: 2, floorsCount: 27, priceFrom: 12_300_000 }, 'Башни на берегу Казанки с видом на Кремль.'),
  complex('demo-rc-13', 'ЖК «Волжские высоты»', 'Нижегородская домостроительная компания', '6', 'Нижний Новгород, ул. Родионова, 167', 56.3080, 44.0780,
    { class: 2, stage: 1, year: 2028, quarter: 4, wallMaterial: 1, finish: 2, parking: 3, floorsCount: 18, priceFrom: 6_800_000 }, 'Проект квартала на Верхневолжской набережной с видом на Волгу.'),
  complex('demo-rc-14', 'ЖК «Морской бриз»', 'Южный берег', '7', 'Сочи, ул. Ленина, 280', 43.4400, 39.9200,
    { class: 3, stage: 3, year: 2025, quarter: 1, wallMaterial: 8, finish: 1, parking: 2, floorsCount: 15, priceFrom: 16_500_000 }, 'Курортный комплекс в Адлере в 300 метрах от моря.'),
  complex('demo-rc-15', 'ЖК «Кубанские сады»', 'Южный берег', '8', 'Краснодар, ул. Красных Партизан, 4', 45.0700, 38.9800,
    { class: 1, stage: 2, year: 2025, quarter: 4, wallMaterial: 12, finish: 1, parking: 1, floorsCount: 9, priceFrom: 4_300_000 }, 'Малоэтажный квартал в Прикубанском округе с собственным садом.'),
  complex('demo-rc-16', 'ЖК «Балтийская гавань»', 'Янтарь Строй', '9', 'Калининград, ул. Сержанта Колоскова, 2', 54.7190, 20.4780,
    { class: 2, stage: 4, year: 2024, quarter: 4, wallMaterial: 4, finish: 2, parking: 1, floorsCount: 11, priceFrom: 6_100_000 }, 'Кирпичные дома у Нижнего пруда в историческом Калининграде.'),
];
