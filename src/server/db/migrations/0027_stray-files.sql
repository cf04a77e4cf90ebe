CREATE TABLE "stray_files" (
	"filename" text PRIMARY KEY NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL
);
