/** One set of migrations for both dialects, applied in name order by Kysely's Migrator. */
import { type Migration, type MigrationProvider, Migrator } from "kysely/migration";
import * as m001 from "./migrations/001_catalogue.ts";
import * as m002 from "./migrations/002_cart.ts";
import * as m003 from "./migrations/003_revisions.ts";
import * as m004 from "./migrations/004_visitor_meta.ts";
import * as m005 from "./migrations/005_customers.ts";
import * as m006 from "./migrations/006_orders.ts";
import * as m007 from "./migrations/007_payment_tokens.ts";
import * as m008 from "./migrations/008_customer_roles.ts";
import * as m009 from "./migrations/009_order_attribution.ts";
import * as m010 from "./migrations/010_cart_versions.ts";
import * as m011 from "./migrations/011_rate_limits.ts";
import * as m012 from "./migrations/012_customer_sessions.ts";
import * as m013 from "./migrations/013_payment_attempts.ts";
import * as m014 from "./migrations/014_contact_widget.ts";
import * as m015 from "./migrations/015_forms.ts";
import * as m016 from "./migrations/016_form_drafts.ts";
import * as m017 from "./migrations/017_owner_order_indexes.ts";
import * as m018 from "./migrations/018_owner_customers_reports.ts";
import * as m019 from "./migrations/019_order_history_refunds.ts";
import * as m020 from "./migrations/020_refund_reservations.ts";
import * as m021 from "./migrations/021_staff_invites.ts";
import * as m022 from "./migrations/022_order_search_terms.ts";
import * as m025 from "./migrations/025_product_status.ts";
import * as m026 from "./migrations/026_owner_covering_sorts.ts";
import * as m027 from "./migrations/027_tax_classes.ts";
import * as m028 from "./migrations/028_media_variants.ts";
import * as m030 from "./migrations/030_sale_schedule.ts";
import * as m031 from "./migrations/031_guest_carts_unindexed.ts";
import * as m032 from "./migrations/032_password_resets.ts";
import * as m033 from "./migrations/033_upsells.ts";
import * as m034 from "./migrations/034_widget_stats_slots.ts";
import * as m035 from "./migrations/035_product_reviews.ts";
import * as m037 from "./migrations/037_downloads.ts";
import * as m038 from "./migrations/038_brands.ts";
import * as m039 from "./migrations/039_webhooks.ts";
import * as m040 from "./migrations/040_api_keys.ts";
import * as m041 from "./migrations/041_stock_alerts.ts";
import * as m042 from "./migrations/042_order_fee_tax.ts";
import * as m043 from "./migrations/043_download_chunks.ts";
import * as m045 from "./migrations/045_webhook_revision.ts";
import * as m047 from "./migrations/047_refund_via_job_marks.ts";
import * as m048 from "./migrations/048_shipping_classes.ts";
import * as m050 from "./migrations/050_download_resume_and_uploads.ts";
import * as m051 from "./migrations/051_stock_revision.ts";
import * as m052 from "./migrations/052_order_phone_search.ts";
import * as m053 from "./migrations/053_idempotent_replies.ts";
import * as m054 from "./migrations/054_products_tax_class.ts";
import * as m055 from "./migrations/055_form_entry_submissions.ts";
import type { Db } from "./schema.ts";

const migrations: Record<string, Migration> = {
  "001_catalogue": m001,
  "002_cart": m002,
  "003_revisions": m003,
  "004_visitor_meta": m004,
  "005_customers": m005,
  "006_orders": m006,
  "007_payment_tokens": m007,
  "008_customer_roles": m008,
  "009_order_attribution": m009,
  "010_cart_versions": m010,
  "011_rate_limits": m011,
  "012_customer_sessions": m012,
  "013_payment_attempts": m013,
  "014_contact_widget": m014,
  "015_forms": m015,
  "016_form_drafts": m016,
  "017_owner_order_indexes": m017,
  "018_owner_customers_reports": m018,
  "019_order_history_refunds": m019,
  "020_refund_reservations": m020,
  "021_staff_invites": m021,
  "022_order_search_terms": m022,
  "025_product_status": m025,
  "026_owner_covering_sorts": m026,
  "027_tax_classes": m027,
  "028_media_variants": m028,
  "030_sale_schedule": m030,
  "031_guest_carts_unindexed": m031,
  "032_password_resets": m032,
  "033_upsells": m033,
  "034_widget_stats_slots": m034,
  "035_product_reviews": m035,
  "037_downloads": m037,
  "038_brands": m038,
  "039_webhooks": m039,
  "040_api_keys": m040,
  "041_stock_alerts": m041,
  "042_order_fee_tax": m042,
  "043_download_chunks": m043,
  "045_webhook_revision": m045,
  "047_refund_via_job_marks": m047,
  "048_shipping_classes": m048,
  "050_download_resume_and_uploads": m050,
  "051_stock_revision": m051,
  "052_order_phone_search": m052,
  "053_idempotent_replies": m053,
  "054_products_tax_class": m054,
  "055_form_entry_submissions": m055,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
