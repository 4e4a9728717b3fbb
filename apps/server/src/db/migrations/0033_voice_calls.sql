CREATE TABLE "chat_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"caller_id" integer NOT NULL,
	"callee_id" integer NOT NULL,
	"state" text NOT NULL,
	"outcome" text,
	"callee_device" text,
	"caller_device" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"alive_at" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "chat_calls" ADD CONSTRAINT "chat_calls_conversation_id_chat_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."chat_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_calls" ADD CONSTRAINT "chat_calls_caller_id_users_id_fk" FOREIGN KEY ("caller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_calls" ADD CONSTRAINT "chat_calls_callee_id_users_id_fk" FOREIGN KEY ("callee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_calls_one_live_per_conversation" ON "chat_calls" USING btree ("conversation_id") WHERE "chat_calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "chat_calls_live_caller" ON "chat_calls" USING btree ("caller_id") WHERE "chat_calls"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "chat_calls_live_callee" ON "chat_calls" USING btree ("callee_id") WHERE "chat_calls"."ended_at" is null;