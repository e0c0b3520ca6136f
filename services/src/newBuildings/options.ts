import {
  COMPLEX_CLASSES,
  CONSTRUCTION_STAGES,
  FINISH_OPTIONS,
  PARKING_OPTIONS,
  WALL_MATERIALS,
} from '@estate/events/catalogue/newBuildings';

export type Choice = { id: number; name: string };
const choices = (names: Record<number, string>): Choice[] =>
  Object.entries(names).map(([id, name]) => ({ id: Number(id), name }));

export const CLASS_CHOICES = choices(COMPLEX_CLASSES);
export const STAGE_CHOICES = choices(CONSTRUCTION_STAGES);
export const WALL_MATERIAL_CHOICES = choices(WALL_MATERIALS);
export const FINISH_CHOICES = choices(FINISH_OPTIONS);
export const PARKING_CHOICES = choices(PARKING_OPTIONS);

/** api.md section 9: the year choices are 2024 and 2025; later years join as complexes are due in them. */
export const BASE_DEADLINE_YEARS = [2024, 2025];

export const deadlineChoices = (years: number[]): Choice[] =>
  [...new Set([...BASE_DEADLINE_YEARS, ...years.filter((y) => y > BASE_DEADLINE_YEARS[0])])]
    .sort((a, b) => a - b)
    .map((year) => ({ id: year, name: `До конца ${year} года` }));

const ROMAN_QUARTERS = ['I', 'II', 'III', 'IV'];
/** 'Сдан в IV кв. 2023' for a handed-over complex, 'IV кв. 2026' otherwise */
export const deadlineText = (deadline: { year: number; quarter: number }, stage: number) =>
  `${stage === 4 ? 'Сдан в ' : ''}${ROMAN_QUARTERS[deadline.quarter - 1]} кв. ${deadline.year}`;
