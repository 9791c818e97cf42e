-- Each document's one discipline becomes the first of its list, before the column goes (0015).
UPDATE "standard_documents" SET "disciplines" = ARRAY["discipline"] WHERE "discipline" IS NOT NULL;
