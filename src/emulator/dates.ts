// Dates as the Laravel 10 product writes them: 2024-10-13T13:09:15.000000Z (whole seconds).

export function laravelDate(d: Date): string {
  return d.toISOString().slice(0, 19) + '.000000Z';
}
