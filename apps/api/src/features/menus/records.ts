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

/**
 * `insert into <table> (columns) select columns from <the rows>`, for every column a row gives (by its
 * camelCase key; a key a row leaves out is null); `tail` adds an `on conflict` or a `returning` clause.
 */
export const insertRecords = <Table extends PgTable>(
  table: Table,
  rows: Table['$inferInsert'][],
  tail: SQL = sql``,
) => {
  const tableColumns: Record<string, Column> = getTableColumns(table);
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const columns = keys.map((key) => {
    const column = tableColumns[key];
    if (!column) throw new Error(`${key} is not a column`);
    return { key, name: columnName(column), type: column.getSQLType() };
  });
  const records = rows.map((row) =>
    Object.fromEntries(columns.map(({ key, name }) => [name, (row as Record<string, unknown>)[key] ?? null])),
  );
  const names = sql.join(
    columns.map(({ name }) => sql.identifier(name)),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select ${names} from ${recordset('records', columns, records)} ${tail}`;
};

/** The rows a raw statement returned (both drivers answer them in `rows`), checked against `schema`. */
export const rowsOf = <Row extends z.ZodType>(result: unknown, schema: Row): z.output<Row>[] =>
  z.object({ rows: z.array(schema) }).parse(result).rows;
