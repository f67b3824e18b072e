"""The condition language data writes its conditions in, the names conditions read, and a
condition told in words."""
