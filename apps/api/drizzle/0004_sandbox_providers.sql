CREATE TABLE "sandbox_provider_game_tabs" (
	"provider" text NOT NULL,
	"id" text NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "sandbox_provider_game_tabs_pk" PRIMARY KEY("provider","id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_games" (
	"provider" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"tab" text NOT NULL,
	"sort_order" integer NOT NULL,
	CONSTRAINT "sandbox_provider_games_pk" PRIMARY KEY("provider","code")
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_launches" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"member_id" uuid NOT NULL,
	"game_code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"username" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"transferred_in" bigint DEFAULT 0 NOT NULL,
	"transferred_out" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_provider_members_provider_username_uq" UNIQUE("provider","username"),
	CONSTRAINT "sandbox_provider_members_balance_ck" CHECK ("sandbox_provider_members"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_rounds" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_provider_rounds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"member_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"game_code" text,
	"outcome" text NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_provider_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"member_id" uuid NOT NULL,
	"reference" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_provider_transfers_provider_reference_uq" UNIQUE("provider","reference"),
	CONSTRAINT "sandbox_provider_transfers_amount_ck" CHECK ("sandbox_provider_transfers"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "sandbox_provider_launches" ADD CONSTRAINT "sandbox_provider_launches_member_id_sandbox_provider_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."sandbox_provider_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_provider_rounds" ADD CONSTRAINT "sandbox_provider_rounds_member_id_sandbox_provider_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."sandbox_provider_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_provider_transfers" ADD CONSTRAINT "sandbox_provider_transfers_member_id_sandbox_provider_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."sandbox_provider_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_provider_launches_expires_idx" ON "sandbox_provider_launches" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sandbox_provider_rounds_member_idx" ON "sandbox_provider_rounds" USING btree ("member_id","id");