CREATE TABLE "payment_callback_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_callback_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
