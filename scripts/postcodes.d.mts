export function postcodeTable(rows: Array<Record<string, unknown>>): Record<string, [number, number]>;
export function SOURCE(): string;
export const TARGET: string;
export function tableText(table: Record<string, [number, number]>): string;
export function parseTable(text: string): Record<string, [number, number]>;
