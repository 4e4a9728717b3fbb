CREATE TABLE "chat_message_translations" (
	"message_id" integer NOT NULL,
	"language" text NOT NULL,
	"text" text NOT NULL,
	"source_language" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_message_translations_message_id_language_pk" PRIMARY KEY("message_id","language")
);
--> statement-breakpoint
CREATE TABLE "review_translations" (
	"review_id" integer NOT NULL,
	"language" text NOT NULL,
	"source_digest" text NOT NULL,
	"text" text NOT NULL,
	"reply" text,
	"source_language" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_translations_review_id_language_pk" PRIMARY KEY("review_id","language")
);
--> statement-breakpoint
ALTER TABLE "chat_message_translations" ADD CONSTRAINT "chat_message_translations_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_translations" ADD CONSTRAINT "review_translations_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;