/** Where the daily-rent booking calls live, and their section of the OpenAPI document. */
export const BASE = '/api/booking/daily-rent';
export const tags = ['Бронирование посуточно'];
