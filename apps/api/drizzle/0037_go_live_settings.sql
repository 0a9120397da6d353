-- Going live (decision 0069): an agency's brand colour, accepted banks and deposit credit limit; its uploaded logo;
-- its own provider settings (credentials sealed with SECRETS_KEY); four-eyes kinds for provider settings and payment channels.
CREATE TABLE "agency_logos" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"body_base64" text NOT NULL,
	"sha256" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agency_provider_settings" (
	"agency_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"protocol" text NOT NULL,
	"url" text NOT NULL,
	"credentials_sealed" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_check_at" timestamp with time zone,
	"last_check_ok" boolean,
	"last_check_detail" text,
	CONSTRAINT "agency_provider_settings_agency_id_provider_pk" PRIMARY KEY("agency_id","provider")
);
--> statement-breakpoint
ALTER TABLE "approvals" DROP CONSTRAINT "approvals_kind_ck";--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "theme_primary_color" text DEFAULT '#e8b931' NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "accepted_banks" jsonb DEFAULT '["bcel","jdb","ldb","indochina","kasikam","lvb"]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "credit_below_satang" bigint;--> statement-breakpoint
ALTER TABLE "agency_logos" ADD CONSTRAINT "agency_logos_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agency_provider_settings" ADD CONSTRAINT "agency_provider_settings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_kind_ck" CHECK ("approvals"."kind" in ('ADJUSTMENT', 'ROLE_CHANGE', 'WITHDRAWAL_APPROVAL', 'RATE_CHANGE', 'BOUNCE_CREDIT_BACK', 'STAFF_CREATE', 'PROVIDER_SETTINGS', 'CHANNEL_SETTINGS'));