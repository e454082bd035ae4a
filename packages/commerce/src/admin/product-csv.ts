/** The product CSV import's answers (decision 0046; the format: docs/product-csv.md), as the server sends and the console reads them. */

/** One problem of a refused file: the physical line its row starts on (the header is line 1) and the column, when one is at fault. */
export interface ImportProblem {
  line: number;
  column: string | null;
  message: string;
}

/** What an import did, or a dry run would do. */
export interface ImportSummary {
  dry_run: boolean;
  rows: number;
  /** Products the file adds. */
  created: number;
  /** Existing products the file changes: written, told to webhooks as product.updated. */
  updated: number;
  /** Existing products whose rows would change nothing: not written at all. */
  unchanged: number;
  /** The file's variation rows, counted the same way. */
  variations_created: number;
  variations_updated: number;
  variations_unchanged: number;
  new_categories: string[];
  /** Brands the file names that the shop lacks, made as categories are (decision 0095). */
  new_brands: string[];
  new_tags: string[];
  new_attributes: string[];
  new_terms: string[];
  /** Columns of the file the import does not read (another platform's). */
  ignored_columns: string[];
  /** The products made and changed (not those unchanged); a dry run's are empty. */
  created_ids: number[];
  updated_ids: number[];
}

/** `data` of the 400 `cw_rest_import_invalid` answer. */
export interface ImportRefusal {
  dry_run: boolean;
  problems: ImportProblem[];
  /** How many problems there are in all; `problems` holds the first 200. */
  total: number;
}
