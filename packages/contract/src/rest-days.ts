import { z } from 'zod';
import { day } from './days.js';
import { endpoint } from './http.js';

export const restDayRequest = z.object({ day });
export const restDays = z.object({ days: z.array(day), remainingThisMonth: z.number().int() });
export type RestDays = z.infer<typeof restDays>;

export const restDaysApi = {
  list: endpoint({
    method: 'GET',
    path: '/users/me/rest-days',
    access: 'signed-in',
    response: restDays,
  }),
  add: endpoint({
    method: 'POST',
    path: '/users/me/rest-days',
    access: 'signed-in',
    body: restDayRequest,
    response: restDays,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/users/me/rest-days/:day',
    access: 'signed-in',
    params: restDayRequest,
    response: restDays,
  }),
};
