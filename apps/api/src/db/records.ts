import { type Column, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { CasingCache } from 'drizzle-orm/casing';
import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';

// Lists of rows sent as one JSON parameter and read back as a table (`jsonb_to_recordset`): a multi-row
// VALUES list sends a parameter per cell, which PGlite parses several times slower (a 500-item insert:
// ~200 ms against ~25 ms) and PostgreSQL caps at 65,535 per statement.

const casing = new CasingCache('snake_case');

/** The database's name of a column (the schema names columns in camelCase, the database in snake_case). */
export const columnName = (column: Column) => casing.getColumnCasing(column);

export type RecordColumn = { name: string; type: string };

/** `jsonb_to_recordset($1) as <alias>(name type, ...)` over `rows`, whose keys are the column names. */
export const recordset = (alias: string, columns: RecordColumn[], rows: Record<string, unknown>[]) =>
  sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as ${sql.identifier(alias)}(${sql.join(
    columns.map(({ name, type }) => sql`${sql.identifier(name)} ${sql.raw(type)}`),
    sql`, `,
  )})`;

/** A column of a table as `recordsetOf` reads it: the schema's key (the rows' key), its name and type. */
export type TableRecordColumn = RecordColumn & { key: string };

/** The columns of `table` under the schema's keys `keys`, in that order. */
export const recordColumnsOf = (table: PgTable, keys: string[]): TableRecordColumn[] => {
  const tableColumns: Record<string, Column> = getTableColumns(table);
  return keys.map((key) => {
    const column = tableColumns[key];
    if (!column) throw new Error(`${key} is not a column`);
    return { key, name: columnName(column), type: column.getSQLType() };
  });
};

/**
 * `recordset` over rows as the code holds them (a key a row leaves out is null, a key no column names
 * is left out): its columns are named by the keys, so the rows go to JSON as they are, without a copy
 * of each under the database's names.
 */
export const recordsetOf = (
  alias: string,
  columns: Pick<TableRecordColumn, 'key' | 'type'>[],
  rows: object[],
) =>
  recordset(
    alias,
    columns.map(({ key, type }) => ({ name: key, type })),
    rows as Record<string, unknown>[],
  );

/** The database's names of some columns, for an insert's column list. */
export const columnNames = (columns: RecordColumn[]) =>
  sql.join(
    columns.map(({ name }) => sql.identifier(name)),
    sql`, `,
  );

/** The columns of a `recordsetOf` named `alias`, for the select that feeds an insert. */
export const recordValues = (alias: string, columns: TableRecordColumn[]) =>
  sql.join(
    columns.map(({ key }) => sql`${sql.identifier(alias)}.${sql.identifier(key)}`),
    sql`, `,
  );

/** Every key any of the rows gives, in the order they first come. */
export const keysOf = (rows: object[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))];

/**
 * `insert into <table> (columns) select columns from <the rows>`, for every column a row gives (by its
 * camelCase key; a key a row leaves out is null); `tail` adds an `on conflict` or a `returning` clause.
 */
export const insertRecords = <Table extends PgTable>(
  table: Table,
  rows: Table['$inferInsert'][],
  tail: SQL = sql``,
) => {
  const columns = recordColumnsOf(table, keysOf(rows));
  return sql`insert into ${table} (${columnNames(columns)})
    select ${recordValues('records', columns)} from ${recordsetOf('records', columns, rows)} ${tail}`;
};

/** The rows a raw statement returned (both drivers answer them in `rows`), checked against `schema`. */
export const rowsOf = <Row extends z.ZodType>(result: unknown, schema: Row): z.output<Row>[] =>
  z.object({ rows: z.array(schema) }).parse(result).rows;
