// Delta reaches back up to Gamma without declaring it.
import Gamma
