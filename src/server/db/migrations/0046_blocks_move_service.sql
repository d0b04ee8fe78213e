-- Issue 49: a reading a reader ended early with a client they have blocked is not held against
-- them in the completion rate (docs/decisions/067), so a block or its lifting moves the blocker's
-- service figures: announced on directory_changed like every other change a listing shows. The
-- blocker may be a client: an id the directory does not list changes nothing there.
CREATE TRIGGER user_blocks_changed AFTER INSERT OR DELETE ON user_blocks
  FOR EACH ROW EXECUTE FUNCTION directory_changed('blocker_id');
