import { isFullPhone } from '@estate/client';

/** api.md's validation texts of the request forms, checked before sending (the server checks them again). */
export const REQUIRED = 'Обязательное поле';
const LETTERS = /^[A-Za-zА-Яа-яЁё]+(?:[\s-]+[A-Za-zА-Яа-яЁё]+)*$/;

export function nameProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return REQUIRED;
  if (!LETTERS.test(v)) return 'Имя может содержать только буквы';
  if (v.replace(/[\s-]/g, '').length < 2) return 'Минимум 2 буквы';
  return null;
}
export function phoneProblem(value: string): string | null {
  if (!value.trim()) return REQUIRED;
  return isFullPhone(value) ? null : 'Неверный формат телефона';
}
export function cityProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return REQUIRED;
  if (v.length < 2) return 'Минимум 2 символа';
  if (!LETTERS.test(v)) return 'Название города может содержать только буквы, пробел и дефис';
  return null;
}
export function areaProblem(value: string): string | null {
  if (!value.trim()) return REQUIRED;
  const n = Number(value.replace(',', '.'));
  return Number.isFinite(n) && n >= 1 ? null : 'Не меньше 1 м²';
}
export function minLengthProblem(value: string, min: number): string | null {
  const v = value.trim();
  if (!v) return REQUIRED;
  return v.length < min ? `Минимум ${min} символ${min === 3 ? 'а' : 'ов'}` : null;
}
export function emailProblem(value: string): string | null {
  const v = value.trim();
  if (!v) return REQUIRED;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) ? null : 'Введите корректный адрес почты';
}
