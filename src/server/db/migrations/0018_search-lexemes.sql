CREATE TABLE "search_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_lexemes_prefix_idx" ON "search_lexemes" USING btree ("lexeme" text_pattern_ops);--> statement-breakpoint
-- Learns the lexemes of the rows a statement wrote (decision 008, "Prefixes as the words they start").
-- A statement-level trigger reads them from its transition table once per statement, so a bulk insert
-- learns its lexemes in one pass. Sorted, so that two transactions that both learn new lexemes take
-- their index entries in the same order and cannot deadlock.
CREATE FUNCTION trillium_learn_search_lexemes() RETURNS trigger AS $$
BEGIN
  INSERT INTO search_lexemes (lexeme)
  SELECT DISTINCT l FROM written w, unnest(tsvector_to_array(w.search_vector)) AS l
  WHERE w.search_vector IS NOT NULL
  ORDER BY l
  ON CONFLICT (lexeme) DO NOTHING;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER providers_learn_search_lexemes_insert
AFTER INSERT ON providers REFERENCING NEW TABLE AS written
FOR EACH STATEMENT EXECUTE FUNCTION trillium_learn_search_lexemes();
--> statement-breakpoint
CREATE TRIGGER providers_learn_search_lexemes_update
AFTER UPDATE ON providers REFERENCING NEW TABLE AS written
FOR EACH STATEMENT EXECUTE FUNCTION trillium_learn_search_lexemes();
--> statement-breakpoint
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT l FROM providers p, unnest(tsvector_to_array(p.search_vector)) AS l
WHERE p.search_vector IS NOT NULL
ORDER BY l
ON CONFLICT (lexeme) DO NOTHING;
